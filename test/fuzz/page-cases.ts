/**
 * Fuzz cases for the authorization pages' own routes (sign-in, sign-up, consent, sign-out, and the
 * mailed links' pages: email verification, resend, owner invitation). The
 * OpenAPI document describes only `GET /oauth/authorize` (fuzzed with the other documented
 * operations); the pages router's other routes and their form fields are listed here, and the test
 * checks this list against the router so a new page cannot be left out.
 */
import type { BaselineValues } from './baseline-values.js';
import { formBodies } from './body-cases.js';
import { type FuzzCase } from './fuzz-case.js';
import type { Sampling } from './graphql-cases.js';
import { atPosition, hostileValues } from './hostile-values.js';
import { chooseValues } from './rest-cases.js';

/** `METHOD /oauth/path` -> the form fields its handler reads (none for GET). */
export const PAGE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  'GET /oauth/sign-in': [],
  'GET /oauth/sign-up': [],
  'POST /oauth/sign-in': ['email', 'password', 'csrf_token'],
  'POST /oauth/sign-up': ['email', 'password', 'csrf_token'],
  'POST /oauth/consent': ['decision', 'csrf_token', 'business_account_id'],
  'POST /oauth/sign-out': ['csrf_token'],
  'GET /oauth/verify-email': [],
  'POST /oauth/verify-email': ['token', 'csrf_token'],
  'GET /oauth/resend-verification': [],
  'POST /oauth/resend-verification': ['email', 'csrf_token'],
  'GET /oauth/owner-invitation': [],
  'POST /oauth/owner-invitation': ['token', 'csrf_token'],
};
/** The authorization request the pages carry in their query, and the mailed links' `token`. */
const QUERY_PARAMETERS = [
  'token',
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];
/** The pages router's form body limit. */
const PAGE_FORM_LIMIT = 16 * 1024;
/** A form token sent both as the cookie and as `csrf_token`, so the pre-session forms' guard lets the request in. */
const FORM_TOKEN = 'f'.repeat(43);

/** Every page route's cases: query parameters, form fields and whole form bodies. */
export function pageCases(values: BaselineValues, sampling: Sampling): FuzzCase[] {
  const query: Record<string, string> = Object.fromEntries(
    QUERY_PARAMETERS.map((name) => [name, encodeURIComponent(String(values.valueFor(name, 'string', true)))]),
  );
  const search = (override?: [string, string]) =>
    Object.entries({ ...query, ...(override ? { [override[0]]: override[1] } : {}) })
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
  const cases: FuzzCase[] = [];
  for (const [route, fields] of Object.entries(PAGE_ROUTES)) {
    const [method, path] = route.split(' ') as [string, string];
    const form: Record<string, string> = Object.fromEntries(
      fields.map((f) => [
        f,
        f === 'csrf_token' ? FORM_TOKEN : encodeURIComponent(String(values.valueFor(f, 'string', true))),
      ]),
    );
    const encode = (override?: [string, string]) =>
      Object.entries({ ...form, ...(override ? { [override[0]]: override[1] } : {}) })
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
    const make = (
      position: string,
      kind: string,
      q: string,
      body?: Buffer,
      headers: Record<string, string> = {},
    ): FuzzCase => ({
      operation: route,
      position,
      kind,
      caller: 'anonymous',
      method,
      path: `${path}?${q}`,
      headers: {
        accept: 'text/html',
        cookie: `rmp_form=${FORM_TOKEN}`,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(method === 'POST' ? { body: body ?? Buffer.from(encode()) } : {}),
      style: 'page',
    });
    cases.push(make('(baseline)', 'plausible values', search()));
    for (const name of QUERY_PARAMETERS) {
      const valid = values.valueFor(name, 'string', true);
      const all = hostileValues('string', 'text').map((v) => atPosition(v, valid));
      // the core values only: the same request is fuzzed through GET /oauth/authorize with more
      for (const value of chooseValues(all, { ...sampling, extra: 0 })) {
        cases.push(make(`query.${name}`, value.kind, search([name, value.text!])));
      }
    }
    for (const field of fields) {
      const valid = field === 'csrf_token' ? FORM_TOKEN : values.valueFor(field, 'string', true);
      const all = hostileValues('string', 'text').map((v) => atPosition(v, valid));
      for (const value of chooseValues(all, sampling)) {
        const body = value.repeated ? `${encode()}&${field}=y` : encode([field, value.text!]);
        cases.push(make(`form.${field}`, value.kind, search(), Buffer.from(body)));
        if (value.core) {
          cases.push(
            make(`form.${field}`, `${value.kind}, Accept: application/json`, search(), Buffer.from(body), {
              accept: 'application/json',
            }),
          );
        }
      }
    }
    if (method !== 'POST') continue;
    for (const body of formBodies(encode(), PAGE_FORM_LIMIT)) {
      cases.push(make('form (whole)', body.kind, search(), body.body, body.headers));
      cases.push(
        make('form (whole)', `${body.kind}, Accept: application/json`, search(), body.body, {
          ...body.headers,
          accept: 'application/json',
        }),
      );
    }
  }
  return cases;
}
