/**
 * Fuzz cases for every operation of the served OpenAPI document: each path, query and header
 * parameter, each property of each request body (JSON, and the form dialect where documented), and
 * whole hostile bodies. Values go on the wire exactly as written (raw percent-encodings, raw bytes).
 */
import type { BaselineValues } from './baseline-values.js';
import { formBodies, jsonBodies, MIB } from './body-cases.js';
import { jsonWith, type Caller, type FuzzCase } from './fuzz-case.js';
import { atPosition, hostileValues, type HostileValue, type PositionType } from './hostile-values.js';
import type { Sampling } from './graphql-cases.js';

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
};
interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly schema?: Schema;
}
interface OpenApiOperation {
  readonly parameters?: (Parameter | { $ref: string })[];
  readonly requestBody?: { content?: Record<string, { schema?: Schema }> };
  readonly security?: Record<string, unknown>[];
  readonly responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** Media types the document promises for the operation's successes (2xx), other than JSON. */
function binarySuccessTypes(op: OpenApiOperation): string[] {
  return Object.entries(op.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}))
    .filter((type) => !/json/.test(type));
}
/**
 * Whether the operation is a page for people: it documents HTML answers (the OAuth and receipt pages),
 * so its refusals are HTML pages (or problem JSON when asked for JSON), not problem JSON only.
 */
function answersHtml(op: OpenApiOperation): boolean {
  return Object.values(op.responses ?? {}).some((response) => 'text/html' in (response.content ?? {}));
}

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, OpenApiOperation>>;
  readonly components?: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const FORM = 'application/x-www-form-urlencoded';
const HEADER_VALUES: readonly { kind: string; value: string }[] = [
  { kind: '10,000 characters', value: 'x'.repeat(10_000) },
  { kind: 'latin-1 bytes', value: '\u00ff\u00fe\u00e9' },
  { kind: 'markup and separators', value: '<script>;,"\\ a=b' },
];
const AUTHORIZATION_VALUES: readonly { kind: string; value: string }[] = [
  { kind: 'Bearer 10,000 characters', value: `Bearer ${'x'.repeat(10_000)}` },
  { kind: 'Bearer latin-1 bytes', value: 'Bearer \u00ff\u00fe' },
  { kind: 'malformed JWT', value: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
  { kind: 'Basic garbage', value: 'Basic !!!%%%' },
  { kind: 'scheme only', value: 'Bearer' },
];

function resolve<T>(doc: OpenApiDocument, value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string') {
    const [, , section, name] = value.$ref.split('/');
    return resolve(doc, doc.components?.[section!]?.[name!] as T | { $ref: string });
  }
  return value as T;
}

const positionType = (schema: Schema | undefined): PositionType =>
  schema?.type === 'integer' || schema?.type === 'number'
    ? 'number'
    : schema?.type === 'boolean'
      ? 'boolean'
      : schema?.type === 'object' || schema?.type === 'array'
        ? 'container'
        : 'string';

const scalarOf = (schema: Schema | undefined): string => schema?.type ?? 'string';

function baselineOf(values: BaselineValues, name: string, schema: Schema | undefined, required: boolean): unknown {
  if (schema?.enum && (required || values.valueFor(name, 'string', false) !== undefined)) return schema.enum[0];
  return values.valueFor(name, scalarOf(schema), required);
}

function bodyBaseline(values: BaselineValues, schema: Schema): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {})
    .map(([name, s]) => [name, baselineOf(values, name, s, required.has(name))] as const)
    .filter(([, v]) => v !== undefined);
  return Object.fromEntries(entries);
}

/** The values one position gets: its core ones and a sample of the rest. */
export function chooseValues(all: readonly HostileValue[], sampling: Sampling): HostileValue[] {
  return [
    ...all.filter((v) => v.core),
    ...sampling.random.sample(
      all.filter((v) => !v.core),
      sampling.extra,
    ),
  ];
}

const encodeForm = (params: Record<string, unknown>): string =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/** `name=value` on the wire, or the repeated spelling of an array. */
const pair = (name: string, value: HostileValue): string =>
  value.repeated ? `${name}=${value.text!}&${name}=y` : `${name}=${value.text!}`;

interface OperationContext {
  readonly doc: OpenApiDocument;
  readonly values: BaselineValues;
  readonly sampling: Sampling;
  readonly method: string;
  readonly template: string;
  readonly op: OpenApiOperation;
}

function operationCases(c: OperationContext): FuzzCase[] {
  const { values, sampling } = c;
  const parameters = (c.op.parameters ?? []).map((p) => resolve<Parameter>(c.doc, p));
  const callers: Caller[] = c.op.security?.length ? ['user', 'operator', 'anonymous'] : ['anonymous', 'user'];
  const pathOf = (overrides: Record<string, string>): string =>
    c.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (name in overrides) return overrides[name]!;
      const p = parameters.find((x) => x.name === name);
      return encodeURIComponent(String(baselineOf(values, name, p?.schema, true)));
    });
  const baseQuery: Record<string, string> = {};
  for (const p of parameters.filter((x) => x.in === 'query')) {
    const v = baselineOf(values, p.name, p.schema, p.required ?? false);
    if (typeof v === 'string' || typeof v === 'number') baseQuery[p.name] = `${p.name}=${encodeURIComponent(v)}`;
  }
  const url = (pathOverrides: Record<string, string>, queryOverride?: [string, string]): string => {
    const query = { ...baseQuery, ...(queryOverride ? { [queryOverride[0]]: queryOverride[1] } : {}) };
    const search = Object.values(query).join('&');
    return `${pathOf(pathOverrides)}${search ? `?${search}` : ''}`;
  };
  const jsonSchema = resolve<Schema | undefined>(c.doc, c.op.requestBody?.content?.['application/json']?.schema);
  const formSchema = resolve<Schema | undefined>(c.doc, c.op.requestBody?.content?.[FORM]?.schema);
  const jsonBase = jsonSchema ? bodyBaseline(values, jsonSchema) : undefined;
  const baseBody = jsonBase ? Buffer.from(JSON.stringify(jsonBase)) : undefined;
  const baseHeaders: Record<string, string> = jsonBase ? { 'content-type': 'application/json' } : {};
  const make = (
    position: string,
    kind: string,
    path: string,
    extra: Partial<Pick<FuzzCase, 'headers' | 'body' | 'caller'>> = {},
  ): FuzzCase => ({
    operation: `${c.method.toUpperCase()} ${c.template}`,
    position,
    kind,
    caller: extra.caller ?? callers[0]!,
    method: c.method.toUpperCase(),
    path,
    headers: { ...baseHeaders, ...extra.headers },
    body: 'body' in extra ? extra.body : baseBody,
    style: c.template.startsWith('/oauth/') || answersHtml(c.op) ? 'page' : 'problem',
    successMediaTypes: binarySuccessTypes(c.op),
  });
  const cases: FuzzCase[] = [make('(baseline)', 'plausible values', url({}))];
  for (const p of parameters) {
    if (p.in === 'header') {
      for (const h of HEADER_VALUES)
        cases.push(make(`header ${p.name}`, h.kind, url({}), { headers: { [p.name]: h.value } }));
      continue;
    }
    const valid = baselineOf(values, p.name, p.schema, true);
    const all = hostileValues(positionType(p.schema), 'text').map((v) => atPosition(v, valid));
    for (const value of chooseValues(all, sampling)) {
      const path = p.in === 'path' ? url({ [p.name]: value.text! }) : url({}, [p.name, pair(p.name, value)]);
      cases.push(make(`${p.in}.${p.name}`, value.kind, path));
      for (const caller of callers.slice(1, 1 + sampling.otherCallers)) {
        cases.push(make(`${p.in}.${p.name}`, value.kind, path, { caller }));
      }
    }
  }
  if (c.op.security?.length) {
    for (const a of AUTHORIZATION_VALUES) {
      cases.push(
        make('header Authorization', a.kind, url({}), { caller: 'anonymous', headers: { authorization: a.value } }),
      );
    }
  }
  if (jsonSchema && jsonBase) {
    for (const [name, schema] of Object.entries(jsonSchema.properties ?? {})) {
      const all = hostileValues(positionType(schema), 'json').map((v) => atPosition(v, jsonBase[name]));
      for (const value of chooseValues(all, sampling)) {
        cases.push(make(`body.${name}`, value.kind, url({}), { body: jsonWith(jsonBase, [name], value.json) }));
      }
    }
    const pad = Object.entries(jsonSchema.properties ?? {}).find(([, s]) => s.type === 'string' && !s.enum)?.[0];
    for (const body of jsonBodies(jsonBase, pad ? [pad] : undefined)) {
      cases.push(make('body (whole)', body.kind, url({}), { headers: body.headers, body: body.body }));
    }
  }
  if (formSchema) {
    const formBase = bodyBaseline(values, formSchema);
    const formHeaders = { 'content-type': FORM };
    for (const name of Object.keys(formSchema.properties ?? {})) {
      const all = hostileValues('string', 'text').map((v) => atPosition(v, formBase[name]));
      for (const value of chooseValues(all, sampling)) {
        const rest = Object.fromEntries(Object.entries(formBase).filter(([k]) => k !== name));
        const encoded = [encodeForm(rest), pair(name, value)].filter(Boolean).join('&');
        cases.push(make(`form.${name}`, value.kind, url({}), { headers: formHeaders, body: Buffer.from(encoded) }));
      }
    }
    for (const body of formBodies(encodeForm(formBase), MIB)) {
      cases.push(make('form (whole)', body.kind, url({}), { headers: body.headers, body: body.body }));
    }
  }
  return cases;
}

/** Every documented operation's cases. */
export function restCases(doc: OpenApiDocument, values: BaselineValues, sampling: Sampling): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS.filter((m) => item[m])) {
      cases.push(...operationCases({ doc, values, sampling, method, template, op: item[method]! }));
    }
  }
  return cases;
}
