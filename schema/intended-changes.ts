/**
 * `schema/intended-changes.json`: breaking API changes made on purpose.
 *
 * ```json
 * {
 *   "intended": [
 *     { "path": "Query.legacyStores", "reason": "Replaced by Query.stores; no clients left", "until": "2026-03-31" }
 *   ]
 * }
 * ```
 *
 * - `path` is the change path GraphQL Inspector reports (and the schema check prints): `Type`,
 *   `Type.field`, `Type.field.argument`, `Enum.VALUE`, `Input.field`, `@directive`. An entry
 *   matches a change with that exact path or any path below it (`Store` also covers `Store.name`).
 *   A change without a path is matched by its change type, e.g. `SCHEMA_MUTATION_TYPE_CHANGED`.
 * - `reason` says why breaking clients is acceptable; required, so the record is reviewable.
 * - `until` (optional, `YYYY-MM-DD`) is the last day the entry is honoured. Once the change is
 *   committed (`npm run schema:write`) the entry matches nothing; `until` lets the check tell you
 *   when to delete it, and keeps a forgotten entry from excusing a later, unrelated removal.
 */
import type { Change } from '@graphql-inspector/core';

/** Where the record lives, relative to the repository root. */
export const INTENDED_CHANGES_FILE = 'schema/intended-changes.json';

/** One breaking change recorded as intended. */
export interface IntendedChange {
  /** Change path (or change type for a change without a path); also covers paths below it. */
  readonly path: string;
  /** Why the break is acceptable. */
  readonly reason: string;
  /** Last day (`YYYY-MM-DD`, inclusive) the entry is honoured; no expiry when absent. */
  readonly until?: string;
}

/** The parsed contents of {@link INTENDED_CHANGES_FILE}. */
export interface IntendedChanges {
  readonly intended: readonly IntendedChange[];
}

/** No breaking change recorded (the file is absent). */
export const NO_INTENDED_CHANGES: IntendedChanges = { intended: [] };

/** The record file is not valid; the message names the file and the bad entry. */
export class IntendedChangesError extends Error {
  override readonly name = 'IntendedChangesError';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function entryAt(value: unknown, index: number, source: string): IntendedChange {
  const where = `${source}: intended[${index}]`;
  if (typeof value !== 'object' || value === null) throw new IntendedChangesError(`${where} must be an object`);
  const { path, reason, until } = value as Record<string, unknown>;
  if (typeof path !== 'string' || path.trim() === '')
    throw new IntendedChangesError(`${where}.path must be a non-empty string`);
  if (typeof reason !== 'string' || reason.trim() === '')
    throw new IntendedChangesError(`${where}.reason must say why the break is intended`);
  if (until !== undefined && (typeof until !== 'string' || !DATE.test(until))) {
    throw new IntendedChangesError(`${where}.until must be a YYYY-MM-DD date`);
  }
  return until === undefined ? { path, reason } : { path, reason, until };
}

/** Parses and validates the record file's text; throws {@link IntendedChangesError} when invalid. */
export function parseIntendedChanges(json: string, source: string = INTENDED_CHANGES_FILE): IntendedChanges {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new IntendedChangesError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  const intended = (data as { intended?: unknown } | null)?.intended;
  if (!Array.isArray(intended)) throw new IntendedChangesError(`${source} must be an object with an "intended" array`);
  return { intended: intended.map((entry, index) => entryAt(entry, index, source)) };
}

/** Whether the entry is past its `until` day on `today` (`YYYY-MM-DD`). */
export function isExpired(entry: IntendedChange, today: string): boolean {
  return entry.until !== undefined && entry.until < today;
}

/** The key a change is matched by: its path, or its type when it has none. */
export function changeKey(change: Change): string {
  return change.path ?? String(change.type);
}

/** The first unexpired entry recording the change, if any. */
export function findIntendedChange(change: Change, record: IntendedChanges, today: string): IntendedChange | undefined {
  const key = changeKey(change);
  return record.intended.find(
    (entry) => !isExpired(entry, today) && (key === entry.path || key.startsWith(`${entry.path}.`)),
  );
}
