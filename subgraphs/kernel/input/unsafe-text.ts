/**
 * Text no input may carry: the NUL character (PostgreSQL cannot store U+0000 in text, so it would
 * fail the statement) and unpaired UTF-16 surrogates (`"\ud800"` in JSON: not a character at all;
 * the database driver would silently store U+FFFD instead, so what was saved is not what was sent).
 * The REST facade and the GraphQL entries both refuse such input with this one definition.
 */
import type { FieldError } from '../errors.js';

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** At most this many field errors are reported for one input (the first are enough to fix it). */
const MAX_REPORTED = 10;

/** Why `value` is refused, or undefined when it is acceptable text. */
export function unsafeTextReason(value: string): string | undefined {
  if (value.includes(NUL)) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'must not contain unpaired UTF-16 surrogates';
  return undefined;
}

/** How a place in the input is named: the step below a path, and the name of the whole input. */
export interface PathNaming {
  readonly child: (path: string, key: string | number) => string;
  readonly whole: string;
}

/** Field names as GraphQL writes them: `input.tags[1]`; `body` for the whole input. */
export const FIELD_NAMES: PathNaming = {
  child: (path, key) => (typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`),
  whole: 'body',
};

/**
 * Field errors for every string inside `value` (objects and arrays walked without recursion, so a
 * deeply nested body cannot overflow the stack), named by their path from `path` as `naming` says.
 */
export function findUnsafeText(value: unknown, path = '', naming: PathNaming = FIELD_NAMES): FieldError[] {
  const join = naming.child;
  const errors: FieldError[] = [];
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0 && errors.length < MAX_REPORTED) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) errors.push({ path: at || naming.whole, message: reason });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push([current[i], join(at, i)]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, member] of Object.entries(current).reverse()) pending.push([member, join(at, key)]);
    }
  }
  return errors;
}
