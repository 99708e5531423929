/**
 * What `path` of a problem's field error names, the same on every row: an RFC 6901 JSON pointer into
 * the JSON request body (`/answers/0/choices`; `""` for the body itself), or the name of the query,
 * path or form parameter (`page`, `client_id`). The body check writes pointers itself; a GraphQL
 * service, the text check and a row's own checks name a field their way (`answers[0].choices`,
 * `line_items.0.title`; `body` for the body itself) and the router maps them here, once, knowing from
 * the row which names are its parameters.
 */
import type { FieldError } from '../../subgraphs/kernel/errors.js';
import type { PathNaming } from '../../subgraphs/kernel/input/unsafe-text.js';
import type { Route } from './route.js';

/** A JSON pointer (RFC 6901) one step below `pointer`: `~` and `/` in the key escaped. */
export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** Places in a JSON body named by JSON pointer, for the text check. */
export const BODY_POINTERS: PathNaming = { child: childPointer, whole: '' };

/** A field name of steps: members (`a.b`), indexes (`a[0]`, or `a.0` as some services write them). */
const FIELD_NAME = /^[^.[\]]+(?:\.[^.[\]]+|\[\d+\])*$/;
const STEP = /[^.[\]]+/g;

/** How services and the text check name the body itself. */
const WHOLE_BODY = 'body';

/** The pointer of a field name: `answers[0].choices` -> `/answers/0/choices`; `body` -> `""`. */
export function pointerOfFieldName(name: string): string {
  if (name === WHOLE_BODY) return '';
  // A name that is not made of steps (a free-form key) is one member of the body.
  const steps = FIELD_NAME.test(name) ? (name.match(STEP) ?? []) : [name];
  return steps.reduce(childPointer, '');
}

/** Where a row's field names come from. */
export interface FieldOrigins {
  /** Its path and query parameters, named as they are. */
  readonly parameters: ReadonlySet<string>;
  /** Whether the request carries a JSON body (not a form, not none), whose members get pointers. */
  readonly jsonBody: boolean;
}

/** The origins of `route`'s field names, for a request in its form dialect (`form`) or not. */
export function fieldOrigins(route: Route, form: boolean): FieldOrigins {
  return {
    parameters: new Set([...Object.keys(route.pathParams ?? {}), ...Object.keys(route.queryParams ?? {})]),
    jsonBody: !form && (route.requestBody !== undefined || route.rawBody !== undefined),
  };
}

/** The path of one field error in REST terms (see the module comment). */
export function restFieldPath(path: string, origins: FieldOrigins): string {
  if (!origins.jsonBody || path === '' || path.startsWith('/')) return path;
  const first = /^[^.[\]]*/.exec(path)?.[0] ?? '';
  return origins.parameters.has(first) ? path : pointerOfFieldName(path);
}

/** `errors` with each path in REST terms. */
export function restFieldErrors(
  errors: readonly FieldError[] | undefined,
  origins: FieldOrigins,
): FieldError[] | undefined {
  return errors?.map((error) => ({ ...error, path: restFieldPath(error.path, origins) }));
}
