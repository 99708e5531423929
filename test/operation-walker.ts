/**
 * Builds a syntactically valid call of every root operation of a schema: required arguments get
 * placeholder values of their type, objects select `__typename`. Access rules run before any
 * argument is looked at, so these calls show who may call what.
 */
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

export interface OperationCall {
  /** `Query.publicStores` */
  readonly operation: string;
  readonly document: string;
  readonly variables: Record<string, unknown>;
}

const SCALARS: Readonly<Record<string, unknown>> = {
  String: 'x',
  ID: '01900000-0000-7000-8000-000000000000',
  Int: 1,
  Float: 1,
  Boolean: true,
  DateTimeISO: '2026-01-01T00:00:00.000Z',
  JSON: {},
  JSONObject: {},
};

function placeholder(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [placeholder(nullable.ofType)];
  if (isScalarType(nullable)) return SCALARS[nullable.name] ?? 'x';
  if (isEnumType(nullable)) return nullable.getValues()[0]?.value;
  if (isInputObjectType(nullable)) {
    const fields = Object.values(nullable.getFields()).filter(
      (f) => isNonNullType(f.type) && f.defaultValue === undefined,
    );
    return Object.fromEntries(fields.map((f) => [f.name, placeholder(f.type)]));
  }
  return null;
}

function call(kind: 'query' | 'mutation', typeName: string, field: GraphQLField<unknown, unknown>): OperationCall {
  const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  const declarations = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const returned = getNamedType(field.type);
  const selection = isObjectType(returned) || isAbstractType(returned) ? ' { __typename }' : '';
  return {
    operation: `${typeName}.${field.name}`,
    document: `${kind} Walk${declarations ? `(${declarations})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`,
    variables: Object.fromEntries(required.map((a) => [a.name, placeholder(a.type)])),
  };
}

/** One call per Query and Mutation field, in schema order. */
export function operationCalls(schema: GraphQLSchema): OperationCall[] {
  const calls: OperationCall[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) calls.push(call(kind, type!.name, field));
  }
  return calls;
}
