/**
 * A BAD_USER_INPUT that GraphQL itself raised (variable coercion: a wrong type, a missing variable, a
 * member no input type declares) rather than a service: its message speaks GraphQL (`$answers`,
 * `SurveyAnswerInput`, suggestions). The body check (request-body.ts) stops such bodies first; one
 * that still gets through answers the REST validation problem, with no GraphQL wording, naming the
 * field as services do (graphql-js's `answers[0].rating`; `body` for the body itself), which the
 * router turns into a JSON pointer into the body (field-path.ts).
 */
import type { GraphQLFormattedError } from 'graphql';
import { ErrorCode, type FieldError } from '../../subgraphs/kernel/errors.js';

/** What the field error says: nothing about the type system that refused it. */
export const INVALID_VALUE_MESSAGE = 'has an invalid type or value';

const VARIABLE = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/;
/** graphql-js names where in the variable the value failed: `at "answers[0].rating";`. */
const LOCATION = / at "((?:[_A-Za-z][_0-9A-Za-z]*)(?:\[\d+\]|\.[_A-Za-z][_0-9A-Za-z]*)*)";/g;

/** Reasons of refusals that quote GraphQL's own variable errors. */
const QUOTING_REASONS = new Set(['too_many_variable_errors']);

/** True for an input error of GraphQL's own (a coded service error always names its `reason`). */
export function isGraphQLInputError(error: GraphQLFormattedError): boolean {
  const ext = error.extensions ?? {};
  if (ext.code !== ErrorCode.BadUserInput) return false;
  return typeof ext.reason !== 'string' || QUOTING_REASONS.has(ext.reason);
}

/**
 * Where in the REST body the failing value sits, when the variable is a member of the body (the rows
 * name their variables after the body's members); else the body itself (`body`).
 */
export function inputErrorPath(message: string, body: unknown): string {
  const variable = VARIABLE.exec(message)?.[1];
  const isMember = (name: string) =>
    body !== null && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, name);
  if (!variable || !isMember(variable)) return 'body';
  // The last match: the printed value before it is the caller's, and could imitate one.
  const location = [...message.matchAll(LOCATION)].at(-1)?.[1];
  const inVariable = location !== undefined && /^(?:$|[[.])/.test(location.slice(variable.length));
  return location?.startsWith(variable) && inVariable ? location : variable;
}

/** The field errors of a GraphQL input error, in the body's terms. */
export function graphqlInputFieldErrors(error: GraphQLFormattedError, body: unknown): FieldError[] {
  return [{ path: inputErrorPath(error.message, body), message: INVALID_VALUE_MESSAGE }];
}
