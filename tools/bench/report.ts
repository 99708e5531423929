/** Plain-text tables of the benchmark's results. */
import type { PlanSummary, SearchPlans, TrigramFacts } from './explain.js';
import type { Measurement } from './load.js';
import type { ReceiptMeasurement } from './receipts.js';
import type { Stage } from './stages.js';

/** Terminal columns of a string: CJK and full-width characters take two. */
function width(text: string): number {
  let n = 0;
  for (const ch of text)
    n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch)
      ? 2
      : 1;
  return n;
}

function pad(text: string, to: number, left: boolean): string {
  const fill = ' '.repeat(Math.max(0, to - width(text)));
  return left ? fill + text : text + fill;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: readonly string[]) => cells.map((c, i) => pad(c, widths[i]!, i > 0)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Throughput table; each row's ratio is to the baseline row of its group. */
export function throughputTable(
  groups: readonly { readonly baseline: Measurement; readonly rows: readonly Measurement[] }[],
): string {
  const rows = groups.flatMap(({ baseline, rows: measured }) =>
    measured.map((m) => [
      m.scenario,
      m.rps.toFixed(1),
      m.p50.toFixed(1),
      m.p99.toFixed(1),
      `${(m.rps / baseline.rps).toFixed(2)}x`,
      String(m.requests),
      m.serverCpuMs.toFixed(2),
      m.postgresCpuMs.toFixed(2),
    ]),
  );
  return table(
    [
      'scenario',
      'rps (mean)',
      'p50 ms',
      'p99 ms',
      'vs baseline',
      'requests',
      'server CPU ms/req',
      'postgres CPU ms/req',
    ],
    rows,
  );
}

function planLine(name: string, p: PlanSummary): string {
  return (
    `    ${name.padEnd(5)} planning ${p.planningMs.toFixed(2)} ms, execution ${p.executionMs.toFixed(2)} ms, ${p.rows} rows, ` +
    `rows removed by filter ${p.rowsRemovedByFilter}, heap fetches ${p.heapFetches}, buffers ${p.sharedBlocks}\n` +
    `          ${p.scans.join(' + ')}`
  );
}

/** EXPLAIN summaries, one block per search. */
export function planReport(plans: readonly SearchPlans[]): string {
  return plans
    .map(
      (p) =>
        `  ${p.label}\n${planLine('page', p.page)}\n` +
        `${planLine('count', p.count)}${p.countIssued ? '' : '\n          (not issued by the service: page 1 is short, so it shows the total)'}`,
    )
    .join('\n');
}

/** The locale and trigram facts in one paragraph. */
export function trigramReport(facts: TrigramFacts): string {
  const counts = Object.entries(facts.trigramCounts)
    .map(([w, n]) => `${w}: ${n}`)
    .join(', ');
  return (
    `  LC_CTYPE=${facts.lcCtype} LC_COLLATE=${facts.lcCollate}; trigrams per word (show_trgm, with word padding): ${counts}\n` +
    "  (for search_text LIKE '%term%' only the term's inner trigrams count: none for a 1-2 character term, so such terms cannot use a trigram index)"
  );
}

/** The stage ladder: each rung's wall and CPU time, and what it adds over the rung below. */
export function stageReport(stages: readonly Stage[]): string {
  const rows = stages.map((s, i) => {
    const below = i > 0 && i < 5 ? stages[i - 1] : undefined;
    const added = below ? s.cpuMs - below.cpuMs : undefined;
    return [
      s.name,
      s.wallMs.toFixed(2),
      s.cpuMs.toFixed(2),
      added === undefined ? '' : `${added < 0 ? '' : '+'}${added.toFixed(2)}`,
    ];
  });
  return table(['stage (sequential, one request at a time)', 'wall ms', 'CPU ms (this process)', 'CPU added'], rows);
}

/** One line of a latency scenario (receipts, check-ins, back office): rate, p50 (p95) and p99, and the open loop's lag. */
export function latencyRow(m: ReceiptMeasurement): string {
  const lag = m.generatorLag === undefined ? '' : `; generator at most ${m.generatorLag.toFixed(1)} ms late`;
  const p95 = m.p95 === undefined ? '' : `  p95 ${m.p95.toFixed(1)} ms`;
  return `  ${m.scenario.padEnd(40)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50.toFixed(1)} ms${p95}  p99 ${m.p99.toFixed(1)} ms  (${m.requests} requests${lag})`;
}

/** EXPLAIN summaries of single statements (the back office's), one block each. */
export function statementPlanReport(plans: readonly { readonly label: string; readonly plan: PlanSummary }[]): string {
  return plans.map((p) => `  ${p.label}\n${planLine('', p.plan)}`).join('\n');
}
