/**
 * The failure report: findings grouped by operation, what went wrong, status and the start of the
 * body (ids masked so equal failures group), each group listing the positions and value kinds that
 * caused it. Compact enough to read in a CI log.
 */
import type { FuzzCase } from './fuzz-case.js';

/** One call that broke a rule. */
export interface Finding {
  readonly case: FuzzCase;
  /** `500`, `stack trace`, `refusal is not problem JSON (text/html)`, `state changed: user_account`. */
  readonly violation: string;
  readonly status: number;
  /** The first 200 bytes of the body. */
  readonly body: string;
}

const SNIPPET_BYTES = 200;
const MAX_POSITIONS_SHOWN = 12;

/** The first 200 bytes of a body on one line. */
export function snippet(text: string): string {
  return Buffer.from(text.replace(/\s+/g, ' '), 'utf8')
    .subarray(0, SNIPPET_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

/** Masks what differs between equal failures: request and trace ids, uuids, long tokens, numbers in ids. */
const mask = (text: string): string =>
  text
    .replace(/"instance":"[^"]*"/g, '"instance":"<path>"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/[A-Za-z0-9_-]{20,}/g, '<id>')
    .replace(/x{20,}|漢{20,}/g, '<long>');

/** The de-duplicated report, or '' when there are no findings. */
export function formatFindings(findings: readonly Finding[]): string {
  const groups = new Map<string, { head: string; body: string; at: Map<string, Set<string>>; calls: number }>();
  for (const f of findings) {
    const key = [f.case.operation, f.violation, f.status, mask(f.body)].join('\u0000');
    let group = groups.get(key);
    if (!group) {
      const head = `${f.case.operation}  [${f.status}] ${f.violation}`;
      group = { head, body: f.body, at: new Map(), calls: 0 };
      groups.set(key, group);
    }
    group.calls++;
    const position = `${f.case.position}${f.case.caller === 'anonymous' ? '' : ` as ${f.case.caller}`}`;
    group.at.set(position, (group.at.get(position) ?? new Set()).add(f.case.kind));
  }
  const lines: string[] = [`${findings.length} failing calls in ${groups.size} groups:`];
  let n = 0;
  for (const g of [...groups.values()].sort((a, b) => a.head.localeCompare(b.head))) {
    const at = [...g.at.entries()].map(([position, kinds]) => `${position}: ${[...kinds].join(', ')}`);
    const shown = at.slice(0, MAX_POSITIONS_SHOWN);
    if (at.length > shown.length) shown.push(`… ${at.length - shown.length} more positions`);
    lines.push(`${++n}. ${g.head}  (${g.calls} calls)`, `     body: ${g.body}`, ...shown.map((s) => `     at ${s}`));
  }
  return lines.join('\n');
}
