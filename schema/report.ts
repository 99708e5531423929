/** Human-readable lines for the schema check's findings, in the order a user should act on them. */
import type { Change } from '@graphql-inspector/core';
import type { ClassifiedChanges, FileDifference } from './check.js';
import { changeKey, INTENDED_CHANGES_FILE } from './intended-changes.js';

/** Non-failing changes listed per kind before the rest is summarised. */
const MAX_LISTED = 15;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function changeLine(change: Change): string {
  return `  - ${changeKey(change)}: ${change.message}`;
}

function listed(changes: readonly Change[]): string[] {
  const lines = changes.slice(0, MAX_LISTED).map(changeLine);
  if (changes.length > MAX_LISTED) lines.push(`  … and ${changes.length - MAX_LISTED} more`);
  return lines;
}

/** The unrecorded breaking changes (which fail the check) and how to excuse them. */
export function breakingLines(breaking: readonly Change[]): string[] {
  const [first] = breaking;
  if (first === undefined) return [];
  return [
    `ERROR ${plural(breaking.length, 'breaking API change')} not recorded in ${INTENDED_CHANGES_FILE}:`,
    ...breaking.map(changeLine),
    `  Undo them, or if they are intended add one entry per change to ${INTENDED_CHANGES_FILE}:`,
    `  { "intended": [{ "path": "${changeKey(first)}", "reason": "why clients can take it", "until": "YYYY-MM-DD" }] }`,
  ];
}

/** The changes that do not fail the check: recorded breaking, dangerous, safe; and expired entries. */
export function otherChangeLines(changes: ClassifiedChanges): string[] {
  const lines: string[] = [];
  if (changes.recorded.length > 0) {
    lines.push(`Breaking API changes recorded as intended (${changes.recorded.length}):`);
    lines.push(...changes.recorded.map(({ change, entry }) => `${changeLine(change)} — intended: ${entry.reason}`));
  }
  if (changes.dangerous.length > 0)
    lines.push(`WARNING ${plural(changes.dangerous.length, 'dangerous API change')}:`, ...listed(changes.dangerous));
  if (changes.safe.length > 0) lines.push(`Safe API changes (${changes.safe.length}):`, ...listed(changes.safe));
  if (changes.expired.length > 0) {
    lines.push(
      `WARNING ${plural(changes.expired.length, 'entry')} of ${INTENDED_CHANGES_FILE} past its "until" day (no longer honoured; delete):`,
    );
    lines.push(...changes.expired.map((e) => `  - ${e.path} (until ${e.until ?? ''})`));
  }
  return lines;
}

/** The committed files that differ from the generated ones, with diffs, and the command that fixes them. */
export function fileDifferenceLines(differences: readonly FileDifference[], breakingCount: number): string[] {
  if (differences.length === 0) return [];
  const lines = [`ERROR ${plural(differences.length, 'committed schema file')} out of date with the code:`];
  for (const d of differences) {
    if (d.kind === 'missing') lines.push(`  ${d.path}: missing`);
    else if (d.kind === 'stale') lines.push(`  ${d.path}: no registered subgraph generates it any more`);
    else lines.push(`  ${d.path}: differs`, ...(d.diff ?? '').split('\n').map((l) => `    ${l}`));
  }
  lines.push(
    breakingCount > 0
      ? `Once the breaking changes above are undone or recorded, run \`npm run schema:write\` and commit the result.`
      : 'Run `npm run schema:write` and commit the result.',
  );
  return lines;
}
