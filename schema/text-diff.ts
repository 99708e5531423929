/**
 * A short unified-style line diff, to show a user how a committed generated file differs from what
 * the code produces. Not a general diff tool: the common prefix and suffix are trimmed first, and a
 * changed region too large for an LCS table is shown as "all removed, all added".
 */

/** Options of {@link unifiedDiff}. */
export interface TextDiffOptions {
  /** Label of the old text in the `---` header. Default `committed`. */
  readonly oldLabel?: string;
  /** Label of the new text in the `+++` header. Default `generated`. */
  readonly newLabel?: string;
  /** Unchanged lines shown around each change. Default 3. */
  readonly context?: number;
  /** Diff lines shown before the rest is summarised. Default 40. */
  readonly maxLines?: number;
}

interface Edit {
  readonly kind: ' ' | '-' | '+';
  readonly line: string;
  /** 1-based line in the old text (for `+`, the old line it is inserted before). */
  readonly oldNo: number;
  /** 1-based line in the new text (for `-`, the new line it is removed before). */
  readonly newNo: number;
}

/** Largest changed region (old lines × new lines) diffed line by line. */
const MAX_TABLE = 4_000_000;

/** Line edits turning `a` into `b`: longest common subsequence of the changed middle. */
function lineEdits(a: readonly string[], b: readonly string[]): Edit[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix++;
  const n = a.length - prefix - suffix;
  const m = b.length - prefix - suffix;
  const kinds: (' ' | '-' | '+')[] = [];
  if (n * m <= MAX_TABLE) {
    // table[i][j] = LCS length of a[prefix+i..] and b[prefix+j..], flattened.
    const table = new Uint32Array((n + 1) * (m + 1));
    // Every index used is inside the table; the `?? 0` only satisfies the type checker.
    const lcs = (i: number, j: number): number => table[i * (m + 1) + j] ?? 0;
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        table[i * (m + 1) + j] =
          a[prefix + i] === b[prefix + j] ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[prefix + i] === b[prefix + j]) {
        kinds.push(' ');
        i++;
        j++;
      } else if (i < n && (j === m || lcs(i + 1, j) >= lcs(i, j + 1))) {
        // Removals before additions, as diff(1) prints them.
        kinds.push('-');
        i++;
      } else {
        kinds.push('+');
        j++;
      }
    }
  } else {
    kinds.push(...Array<'-'>(n).fill('-'), ...Array<'+'>(m).fill('+'));
  }
  const all = [...Array<' '>(prefix).fill(' '), ...kinds, ...Array<' '>(suffix).fill(' ')];
  const edits: Edit[] = [];
  let oldNo = 1;
  let newNo = 1;
  for (const kind of all) {
    // The edit script covers each line of `a` and `b` exactly once, so both lookups are in range.
    edits.push({ kind, line: (kind === '+' ? b[newNo - 1] : a[oldNo - 1]) ?? '', oldNo, newNo });
    if (kind !== '+') oldNo++;
    if (kind !== '-') newNo++;
  }
  return edits;
}

/** Groups changed edits (with `context` lines around them) into `@@` hunks. */
function hunks(edits: readonly Edit[], context: number): string[] {
  const lines: string[] = [];
  let index = edits.findIndex((e) => e.kind !== ' ');
  while (index !== -1) {
    const start = Math.max(0, index - context);
    let end = index;
    // Extend the hunk while the next change is close enough for the contexts to touch.
    for (let k = index + 1; k < edits.length && k <= end + 2 * context + 1; k++) {
      const edit = edits[k];
      if (edit !== undefined && edit.kind !== ' ') end = k;
    }
    const stop = Math.min(edits.length, end + context + 1);
    const body = edits.slice(start, stop);
    const [first] = body;
    if (first === undefined) break; // Cannot happen: the body holds at least the change at `index`.
    const oldCount = body.filter((e) => e.kind !== '+').length;
    const newCount = body.filter((e) => e.kind !== '-').length;
    lines.push(
      `@@ -${first.oldNo},${oldCount} +${first.newNo},${newCount} @@`,
      ...body.map((e) => `${e.kind}${e.line}`),
    );
    const next = edits.slice(stop).findIndex((e) => e.kind !== ' ');
    index = next === -1 ? -1 : stop + next;
  }
  return lines;
}

/** A unified-style diff of two texts; empty when they are equal. */
export function unifiedDiff(oldText: string, newText: string, options: TextDiffOptions = {}): string {
  if (oldText === newText) return '';
  const { oldLabel = 'committed', newLabel = 'generated', context = 3, maxLines = 40 } = options;
  const body = hunks(lineEdits(oldText.split('\n'), newText.split('\n')), context);
  const shown = body.slice(0, maxLines);
  if (body.length > shown.length) shown.push(`… ${body.length - shown.length} more diff lines`);
  return [`--- ${oldLabel}`, `+++ ${newLabel}`, ...shown].join('\n');
}
