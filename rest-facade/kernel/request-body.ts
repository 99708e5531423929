/**
 * A JSON request body checked against the row's own JSON Schema before any GraphQL runs, so a
 * missing or mistyped member, at any depth, is a 400 `validation_failed` naming each such member by
 * its JSON pointer into the body (`/answers/0/rating`; `""` the body itself) instead of a GraphQL
 * variable error. Unknown members are ignored: they are left out of what the row sends on, so they
 * never reach GraphQL. Only the shape (types and required members): which values are acceptable
 * (lengths, patterns, enums) is the service's business.
 */
import { VALIDATION_FAILED_DETAIL, type FieldError } from '../../subgraphs/kernel/errors.js';
import { childPointer } from './field-path.js';
import { RequestRejected, type JsonSchema } from './route.js';

/** The JSON Schema keywords these checks read. */
interface ShapeSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, ShapeSchema>>;
  readonly additionalProperties?: boolean | ShapeSchema;
  readonly items?: ShapeSchema;
}

/** Component schemas by name, for `$ref: '#/components/schemas/<name>'`. */
export type SchemaComponents = Readonly<Record<string, JsonSchema>>;

const COMPONENT_REF = '#/components/schemas/';

/** Deeper than any body the facade reads; stops a hostile nesting before the stack does. */
const MAX_DEPTH = 32;

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
  const nullable = typeof type !== 'string' && type.includes('null') ? ' or null' : '';
  const article = /^[aeiou]/.test(types[0] ?? '') ? 'an' : 'a';
  return (types.length === 1 ? `${article} ${types[0] ?? ''}` : `one of ${types.join(', ')}`) + nullable;
}

class ShapeCheck {
  readonly errors: FieldError[] = [];

  constructor(private readonly components: SchemaComponents) {}

  private resolve(schema: ShapeSchema): ShapeSchema {
    let resolved = schema;
    for (let hops = 0; resolved.$ref?.startsWith(COMPONENT_REF) && hops < MAX_DEPTH; hops++) {
      const target = this.components[resolved.$ref.slice(COMPONENT_REF.length)];
      if (!target) throw new Error(`request schema: unknown ${resolved.$ref}`);
      resolved = target;
    }
    return resolved;
  }

  /** The value as the row sends it on (unknown members left out), after recording its failures. */
  value(value: unknown, raw: ShapeSchema, pointer: string, depth: number): unknown {
    const schema = this.resolve(raw);
    if (!matches(value, schema.type)) {
      this.errors.push({ path: pointer, message: `must be ${describeType(schema.type ?? [])}` });
      return value;
    }
    if (depth >= MAX_DEPTH && value !== null && typeof value === 'object') {
      this.errors.push({ path: pointer, message: 'is nested too deeply' });
      return value;
    }
    if (Array.isArray(value)) {
      const items = schema.items;
      return items ? value.map((item, i) => this.value(item, items, childPointer(pointer, i), depth + 1)) : value;
    }
    if (value !== null && typeof value === 'object') return this.members(value, schema, pointer, depth);
    return value;
  }

  private members(source: object, schema: ShapeSchema, pointer: string, depth: number): unknown {
    const { required = [], properties, additionalProperties } = schema;
    // A free-form object (no declared members) goes on as sent.
    if (!properties && (additionalProperties === undefined || additionalProperties === true)) return source;
    const fields: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(source)) {
      const declared = properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
      const spec = declared ?? (typeof additionalProperties === 'object' ? additionalProperties : undefined);
      if (spec && value !== undefined) fields[name] = this.value(value, spec, childPointer(pointer, name), depth + 1);
    }
    for (const name of required) {
      if (!Object.hasOwn(fields, name)) this.errors.push({ path: childPointer(pointer, name), message: 'is required' });
    }
    return fields;
  }
}

/**
 * The members of `body` that `schema` declares, at every depth (unknown members are left out), after
 * checking that it is an object, that every member, nested ones too, has its declared type and that
 * every required member is present. `$ref`s to `#/components/schemas/<name>`
 * resolve in `components` (the area's schemas).
 *
 * @throws RequestRejected 400 `validation_failed` with one field error per failing member, its
 *   `path` a JSON pointer into the body (`/answers/0/choices`; `""` for the body itself).
 */
export function checkedBody(
  body: unknown,
  schema: JsonSchema,
  components: SchemaComponents = {},
): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const errors = [{ path: '', message: 'must be a JSON object' }];
    throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, errors);
  }
  const check = new ShapeCheck(components);
  const fields = check.value(body, { type: 'object', ...(schema as ShapeSchema) }, '', 0) as Record<string, unknown>;
  if (check.errors.length > 0) {
    throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, check.errors);
  }
  return fields;
}
