/**
 * Contract checks of facade responses against the served OpenAPI document (issue 7, item 4): the
 * status must be documented for the operation, a body must come in a documented media type, and a
 * JSON body must match that media type's schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it).
 * Requests to paths the document does not describe (health, GraphQL, unknown paths) are not its
 * business and are skipped.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type JsonObject = Record<string, unknown>;

/** The parts of an OpenAPI document the checks read. */
export interface ContractDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly [member: string]: unknown;
}

/** What was sent and what came back. */
export interface Exchange {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
}

const DOCUMENT_ID = 'https://contract.test/openapi.json';
const INT32 = {
  type: 'number' as const,
  validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
};

/** A JSON pointer segment, escaped for a URI fragment. */
const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

const isJsonMediaType = (type: string) => type === 'application/json' || type.endsWith('+json') || type === 'text/json';

/** A schema whose instances are text as sent (HTML pages, binary bodies), not JSON to parse. */
function isTextSchema(schema: JsonObject | undefined): boolean {
  return schema?.type === 'string' || schema?.format === 'binary' || schema?.contentMediaType !== undefined;
}

export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  /** Path templates as patterns, literal paths before templated ones. */
  private readonly templates: { readonly template: string; readonly pattern: RegExp }[];

  constructor(private readonly document: ContractDocument) {
    addFormats(this.ajv);
    this.ajv.addFormat('int32', INT32);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        params: (template.match(/\{/g) ?? []).length,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
      }))
      .sort((a, b) => a.params - b.params);
  }

  /** The documented operation of a request, or undefined when the document does not describe it. */
  private operation(method: string, url: string): { path: string; method: string; op: JsonObject } | undefined {
    const pathname = new URL(url).pathname;
    const match = this.templates.find(({ pattern }) => pattern.test(pathname));
    const name = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const op = match ? (this.document.paths[match.template]?.[name] as JsonObject | undefined) : undefined;
    return match && op ? { path: match.template, method: name, op } : undefined;
  }

  /** Whether the document describes the request's operation (else {@link check} has nothing to say). */
  covers(method: string, url: string): boolean {
    return this.operation(method, url) !== undefined;
  }

  private validator(path: string, method: string, status: string, type: string): ValidateFunction {
    const ref = `${DOCUMENT_ID}#/${pointer('paths', path, method, 'responses', status, 'content', type, 'schema')}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  /**
   * The ways the exchange breaks the contract (empty when it keeps it), or undefined when the document
   * does not describe the request's operation.
   */
  check(exchange: Exchange): string[] | undefined {
    const found = this.operation(exchange.method, exchange.url);
    if (!found) return undefined;
    const where = `${exchange.method.toUpperCase()} ${new URL(exchange.url).pathname} -> ${exchange.status}`;
    const responses = (found.op.responses ?? {}) as Record<string, JsonObject>;
    const statusKey = [String(exchange.status), `${String(exchange.status)[0]}XX`, 'default'].find(
      (k) => k in responses,
    );
    if (!statusKey) return [`${where}: status not documented (documented: ${Object.keys(responses).join(', ')})`];
    const content = responses[statusKey]?.content as Record<string, { schema?: JsonObject }> | undefined;
    if (exchange.body === '' || exchange.method.toUpperCase() === 'HEAD') return [];
    const type = (exchange.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const media = content?.[type];
    if (!media)
      return [
        `${where}: body of media type "${type}" not documented (documented: ${Object.keys(content ?? {}).join(', ') || 'no body'})`,
      ];
    if (isTextSchema(media.schema) || !(isJsonMediaType(type) || type === 'text/plain')) return [];
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return [`${where}: body is not JSON`];
    }
    const validate = this.validator(found.path, found.method, statusKey, type);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${where}: body${e.instancePath} ${e.message ?? 'is invalid'}`);
  }
}
