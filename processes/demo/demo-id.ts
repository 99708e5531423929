/** A stable UUIDv7-shaped id for demo row `n` of a kind (the demo data's fixed-id scheme). */
export function demoId(kind: number, n: number): string {
  return `01900000-0000-7000-8${kind.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;
}
