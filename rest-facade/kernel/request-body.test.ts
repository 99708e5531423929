/**
 * The body check against a row's JSON Schema: nested members named by their JSON pointer
 * (`/answers/0/rating`), unknown members left out at every depth, `$ref`s resolved in the area's
 * schemas; and a GraphQL input error that still reaches the facade, told in the body's terms.
 */
import { describe, expect, it } from 'vitest';
import { inputErrorPath, isGraphQLInputError } from './graphql-input-error.js';
import { problemFromGraphQLError } from './problem.js';
import { checkedBody } from './request-body.js';
import { RequestRejected } from './route.js';

const COMPONENTS = {
  Answer: {
    type: 'object',
    required: ['questionId'],
    properties: {
      questionId: { type: 'string' },
      choices: { type: ['array', 'null'], items: { type: 'string' } },
      rating: { type: ['integer', 'null'] },
    },
  },
  Submit: {
    type: 'object',
    required: ['token', 'answers'],
    properties: {
      token: { type: 'string' },
      answers: { type: 'array', items: { $ref: '#/components/schemas/Answer' } },
      meta: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
};
const SUBMIT = COMPONENTS.Submit;

function rejection(body: unknown): RequestRejected {
  try {
    checkedBody(body, SUBMIT, COMPONENTS);
  } catch (error) {
    if (error instanceof RequestRejected) return error;
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('checkedBody', () => {
  it('leaves out unknown members at every depth, so they never reach GraphQL', () => {
    const body = {
      token: 't',
      extra: 1,
      answers: [{ questionId: 'q', choice: ['a'], choices: ['b'] }],
      meta: { a: 'x' },
    };
    expect(checkedBody(body, SUBMIT, COMPONENTS)).toEqual({
      token: 't',
      answers: [{ questionId: 'q', choices: ['b'] }],
      meta: { a: 'x' },
    });
  });

  it('names each mistyped or missing member, nested ones too, by its JSON pointer', () => {
    const rejected = rejection({
      token: 5,
      answers: [{ questionId: 'q', choices: 'a' }, { rating: 1.5 }, { questionId: 'r', choices: ['x', 7] }],
      meta: { 'a/b': 3, 'c~d': false },
    });
    expect(rejected).toMatchObject({ code: 'validation_failed', status: 400, message: 'The request is invalid.' });
    expect(rejected.errors).toEqual([
      { path: '/token', message: 'must be a string' },
      { path: '/answers/0/choices', message: 'must be an array or null' },
      { path: '/answers/1/rating', message: 'must be an integer or null' },
      { path: '/answers/1/questionId', message: 'is required' },
      { path: '/answers/2/choices/1', message: 'must be a string' },
      { path: '/meta/a~1b', message: 'must be a string' },
      { path: '/meta/c~0d', message: 'must be a string' },
    ]);
  });

  it('names a missing required member and a body that is not an object', () => {
    expect(rejection({ answers: [] }).errors).toEqual([{ path: '/token', message: 'is required' }]);
    expect(rejection([]).errors).toEqual([{ path: '', message: 'must be a JSON object' }]);
  });

  it('refuses a hostile nesting without overflowing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const schema = { properties: { list: { type: 'array', items: { $ref: '#/components/schemas/List' } } } };
    const list = { type: ['array', 'string'], items: { $ref: '#/components/schemas/List' } };
    expect(() => checkedBody({ list: deep }, schema, { List: list })).toThrow(RequestRejected);
  });
});

describe('a GraphQL input error at the facade', () => {
  const coercion = (message: string) => ({ message, extensions: { code: 'BAD_USER_INPUT' } });
  const UNKNOWN_MEMBER =
    'Variable "$answers" got invalid value { questionId: "q", choice: ["a"] } at "answers[0]"; ' +
    'Field "choice" is not defined by type "SurveyAnswerInput". Did you mean "choices"?';

  it('is told apart from a service’s coded input error', () => {
    expect(isGraphQLInputError(coercion(UNKNOWN_MEMBER))).toBe(true);
    expect(isGraphQLInputError({ message: 'm', extensions: { code: 'BAD_USER_INPUT', reason: 'x' } })).toBe(false);
    expect(isGraphQLInputError({ message: 'm', extensions: { code: 'NOT_FOUND' } })).toBe(false);
  });

  it.each([
    [UNKNOWN_MEMBER, { answers: [] }, 'answers[0]'],
    [
      'Variable "$answers" got invalid value 1e12 at "answers[2].rating"; Int cannot represent non 32-bit signed integer value: 1e12',
      { answers: [] },
      'answers[2].rating',
    ],
    ['Variable "$token" got invalid value 5; String cannot represent a non string value: 5', { token: 5 }, 'token'],
    ['Variable "$token" of required type "String!" was not provided.', {}, 'body'],
    ['Variable "$input" got invalid value 5 at "input.email"; String cannot represent a non string value', {}, 'body'],
    ['Variable "$answers" got invalid value "x at "answers[9]";" at "answers[1]"; no', { answers: [] }, 'answers[1]'],
  ])('names the place in the body: %s', (message, body, path) => {
    expect(inputErrorPath(message, body)).toBe(path);
  });

  it('answers the validation problem with no GraphQL wording', () => {
    const input = problemFromGraphQLError(coercion(UNKNOWN_MEMBER), {}, { answers: [] });
    expect(input).toEqual({
      status: 400,
      code: 'validation_failed',
      detail: 'The request is invalid.',
      errors: [{ path: 'answers[0]', message: 'has an invalid type or value' }],
    });
    expect(JSON.stringify(input)).not.toMatch(/\$|Input\b|GraphQL|Did you mean|Variable/);
  });
});
