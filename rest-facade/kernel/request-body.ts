/**
 * Shape checks of a JSON request body against the row's own JSON Schema, so a missing or mistyped
 * field is a 400 `validation_failed` naming every such field (DECISIONS.md, Conventions) instead of
 * a GraphQL variable error. Only the shape: which values are acceptable is the service's business.
 */
import { VALIDATION_FAILED_DETAIL, type FieldError } from '../../subgraphs/kernel/errors.js';
import { RequestRejected, type JsonSchema } from './route.js';

/** The subset of JSON Schema these checks read: an object of typed properties. */
interface ObjectSchema {
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, { readonly type?: string | readonly string[] }>>;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matches(value: unknown, type: string | readonly string[] | undefined): boolean {
  if (type === undefined) return true;
  const types = typeof type === 'string' ? [type] : type;
  const actual = jsonType(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

function describeType(type: string | readonly string[]): string {
  const types = (typeof type === 'string' ? [type] : [...type]).filter((t) => t !== 'null');
  return types.length === 1 ? `a ${types[0] ?? ''}` : `one of ${types.join(', ')}`;
}

/**
 * The members of `body` that `schema` declares (unknown fields are ignored), after checking that it
 * is an object, that every required member is present and that every member has its declared type.
 *
 * @throws RequestRejected 400 `validation_failed` with one field error per failing member.
 */
export function checkedBody(body: unknown, schema: JsonSchema): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const errors = [{ path: 'body', message: 'must be a JSON object' }];
    throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, errors);
  }
  const source = body as Record<string, unknown>;
  const { required = [], properties = {} } = schema as ObjectSchema;
  const errors: FieldError[] = [];
  const fields: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(properties)) {
    const value = source[name];
    if (value === undefined) {
      if (required.includes(name)) errors.push({ path: name, message: 'is required' });
    } else if (!matches(value, spec.type)) {
      errors.push({ path: name, message: `must be ${describeType(spec.type ?? [])}` });
    } else {
      fields[name] = value;
    }
  }
  if (errors.length > 0) throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, errors);
  return fields;
}
