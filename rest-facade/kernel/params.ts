/**
 * Transport-level parsing of path and query parameters: an int32 is a
 * digit string, optionally signed, within int32 range. Range rules (minimums, caps) belong to the
 * services, so GraphQL callers get the same behaviour.
 */
import type { FieldError } from '../../subgraphs/kernel/errors.js';

export type ParamSpec =
  | { readonly type: 'string'; readonly description: string; readonly maxLength?: number; readonly example?: string }
  | {
      readonly type: 'int32';
      readonly description: string;
      readonly default?: number;
      readonly minimum?: number;
      readonly maximum?: number;
    };

export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

const INT32 = /^[+-]?\d{1,10}$/;

export function parseInt32(raw: string): number | undefined {
  if (!INT32.test(raw)) return undefined;
  const value = Number(raw);
  return value >= -2147483648 && value <= 2147483647 ? value : undefined;
}

/**
 * Parses raw values against their specs. Absent parameters are omitted. Repeated query parameters
 * (`?page=1&page=2`) are a 400: which one was meant is unclear.
 */
export function parseParams(
  specs: ParamSpecs | undefined,
  raw: Readonly<Record<string, unknown>>,
  errors: FieldError[],
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, spec] of Object.entries(specs ?? {})) {
    const value = raw[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      errors.push({ path: name, message: 'must be given once' });
      continue;
    }
    if (spec.type === 'int32') {
      const parsed = parseInt32(value.trim());
      if (parsed === undefined) errors.push({ path: name, message: 'must be a 32-bit integer' });
      else out[name] = parsed;
    } else if (spec.maxLength !== undefined && value.length > spec.maxLength) {
      errors.push({ path: name, message: `must be at most ${spec.maxLength} characters` });
    } else {
      out[name] = value;
    }
  }
  return out;
}
