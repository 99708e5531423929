/**
 * Fuzz cases for every root field of the composed GraphQL schema: each argument position (through
 * input objects and lists) gets hostile values as variables, top-level scalars also as literals in
 * the document; the caller is one the access table lets through, so the values reach the resolver.
 */
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { BaselineValues } from './baseline-values.js';
import { jsonWith, pathLabel, valueAt, type Caller, type FuzzCase, type JsonPath } from './fuzz-case.js';
import { atPosition, hostileValues, type HostileValue, type PositionType } from './hostile-values.js';
import type { SeededRandom } from './prng.js';

/** One place in a field's variables where a hostile value goes. */
interface Position {
  readonly path: JsonPath;
  readonly type: PositionType;
}

/** How many hostile values each position gets beyond its core ones. */
export interface Sampling {
  readonly random: SeededRandom;
  /** Sampled values per position in addition to the core ones. */
  readonly extra: number;
  /** Values per position for the callers that are not the field's main caller. */
  readonly otherCallers: number;
}

const SCALAR_KIND: Readonly<Record<string, string>> = { Int: 'integer', Float: 'number', Boolean: 'boolean' };

function positionType(type: GraphQLInputType): PositionType {
  const nullable = getNullableType(type);
  if (isListType(nullable) || isInputObjectType(nullable)) return 'container';
  if (isEnumType(nullable)) return 'string';
  const kind = SCALAR_KIND[nullable.name];
  return kind === 'integer' || kind === 'number' ? 'number' : kind === 'boolean' ? 'boolean' : 'string';
}

function positions(type: GraphQLInputType, path: JsonPath, depth = 0): Position[] {
  const here: Position = { path, type: positionType(type) };
  const nullable = getNullableType(type);
  if (depth > 4) return [here];
  if (isListType(nullable)) return [here, ...positions(nullable.ofType, [...path, 0], depth + 1)];
  if (isInputObjectType(nullable)) {
    const fields = Object.values(nullable.getFields());
    return [here, ...fields.flatMap((f) => positions(f.type, [...path, f.name], depth + 1))];
  }
  return [here];
}

/** A plausible value of `type` for a position named `name`; undefined to leave an optional one out. */
function baselineOf(values: BaselineValues, name: string, type: GraphQLInputType, depth = 0): unknown {
  const required = isNonNullType(type);
  const nullable = getNullableType(type);
  if (isEnumType(nullable)) return required ? nullable.getValues()[0]?.value : undefined;
  if (isInputObjectType(nullable)) {
    if (depth > 4) return undefined;
    const entries = Object.values(nullable.getFields())
      .map((f) => [f.name, baselineOf(values, f.name, f.type, depth + 1)] as const)
      .filter(([, v]) => v !== undefined);
    return required || entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  if (isListType(nullable)) {
    const known = values.valueFor(name, 'list', false);
    if (known !== undefined) return known;
    return required ? [baselineOf(values, name, nullable.ofType, depth + 1)] : undefined;
  }
  const scalar = nullable.name === 'ID' ? 'ID' : (SCALAR_KIND[nullable.name] ?? 'string');
  return values.valueFor(name, scalar, required);
}

/** The document calling `field` with every argument as a variable (or, for `literal`, one as a literal). */
function documentFor(
  kind: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  literal?: { arg: string; text: string },
): string {
  const declared = field.args.filter((a) => a.name !== literal?.arg);
  const declarations = declared.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: ${a.name === literal?.arg ? literal.text : `$${a.name}`}`).join(', ');
  const returned = getNamedType(field.type);
  const selection = isObjectType(returned) || isAbstractType(returned) ? ' { __typename }' : '';
  return `${kind} Fuzz${declarations ? `(${declarations})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

/** A GraphQL POST whose JSON body holds `value` at `path` of the variables. */
function graphqlBody(document: string, variables: Record<string, unknown>, path: JsonPath, value: Buffer): Buffer {
  return jsonWith({ query: document, variables }, ['variables', ...path], value);
}

const LITERALS: Readonly<Record<'string' | 'number', readonly { kind: string; text: string }[]>> = {
  string: [
    { kind: 'NUL (document literal)', text: '"a\\u0000b"' },
    { kind: 'lone surrogate (document literal)', text: '"\\uD800"' },
    { kind: '10,000 characters (block string literal)', text: `"""${'x'.repeat(10_000)}"""` },
  ],
  number: [
    { kind: 'int32 max+1 (document literal)', text: '2147483648' },
    { kind: '1e400 (document literal)', text: '1e400' },
  ],
};

interface FieldContext {
  readonly kind: 'query' | 'mutation';
  readonly operation: string;
  readonly field: GraphQLField<unknown, unknown>;
  readonly variables: Record<string, unknown>;
  readonly callers: readonly Caller[];
}

function literalCases(c: FieldContext, arg: GraphQLArgument, base: Omit<FuzzCase, 'position' | 'kind' | 'body'>) {
  const type = positionType(arg.type);
  if (type !== 'string' && type !== 'number') return [];
  const variables = { ...c.variables };
  delete variables[arg.name];
  return LITERALS[type].map((literal) => ({
    ...base,
    position: `${arg.name} (literal)`,
    kind: literal.kind,
    body: Buffer.from(
      JSON.stringify({ query: documentFor(c.kind, c.field, { arg: arg.name, text: literal.text }), variables }),
    ),
  }));
}

function fieldCases(c: FieldContext, sampling: Sampling): FuzzCase[] {
  const document = documentFor(c.kind, c.field);
  const cases: FuzzCase[] = [];
  const request = (caller: Caller) => ({
    operation: c.operation,
    caller,
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    style: 'graphql' as const,
  });
  cases.push({
    ...request(c.callers[0]!),
    position: '(baseline)',
    kind: 'plausible values',
    body: Buffer.from(JSON.stringify({ query: document, variables: c.variables })),
  });
  for (const arg of c.field.args) {
    for (const position of positions(arg.type, [arg.name])) {
      const valid = valueAt(c.variables, position.path);
      const all = hostileValues(position.type, 'json').map((v) => atPosition(v, valid));
      const chosen: HostileValue[] = [
        ...all.filter((v) => v.core),
        ...sampling.random.sample(
          all.filter((v) => !v.core),
          sampling.extra,
        ),
      ];
      for (const value of chosen) {
        const body = graphqlBody(document, c.variables, position.path, value.json);
        cases.push({ ...request(c.callers[0]!), position: pathLabel(position.path), kind: value.kind, body });
      }
      for (const caller of c.callers.slice(1)) {
        for (const value of sampling.random.sample(all, sampling.otherCallers)) {
          const body = graphqlBody(document, c.variables, position.path, value.json);
          cases.push({ ...request(caller), position: pathLabel(position.path), kind: value.kind, body });
        }
      }
    }
    cases.push(...literalCases(c, arg, request(c.callers[0]!)));
  }
  return cases;
}

/**
 * Every root field's cases. `callersOf` names, for `Query.publicStores`, the caller that reaches the
 * resolver first, then the others to try more lightly.
 */
export function graphqlCases(
  schema: GraphQLSchema,
  values: BaselineValues,
  callersOf: (operation: string) => readonly Caller[],
  sampling: Sampling,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const operation = `${type!.name}.${field.name}`;
      const variables = Object.fromEntries(
        field.args.map((a) => [a.name, baselineOf(values, a.name, a.type)]).filter(([, v]) => v !== undefined),
      ) as Record<string, unknown>;
      cases.push(...fieldCases({ kind, operation, field, variables, callers: callersOf(operation) }, sampling));
    }
  }
  return cases;
}
