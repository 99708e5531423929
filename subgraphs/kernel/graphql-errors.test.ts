/**
 * What every GraphQL entry's `formatError` makes of an error: in production no suggestion of a
 * schema name in any message (validation, variables, enum values, input fields); Apollo Server's
 * uncoded refusal of a persisted query whose hash does not match is the caller's 400, not a masked
 * internal error.
 */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlErrorFormatter, withoutSuggestions } from './graphql-errors.js';

const SUGGESTING = [
  'Cannot query field "publicStorez" on type "Query". Did you mean "publicStores" or "publicStore"?',
  'Variable "$answers" got invalid value { choice: ["a"] } at "answers[0]"; Field "choice" is not defined by type "SurveyAnswerInput". Did you mean "choices"?',
  'Variable "$status" got invalid value "OPN"; Value "OPN" does not exist in "Status" enum. Did you mean the enum value "OPEN"?',
  'Unknown argument "limt" on field "Query.stores". Did you mean "limit", "last", or "list"?',
];

describe('withoutSuggestions', () => {
  it.each(SUGGESTING)('drops the suggestion of %s', (message) => {
    const hidden = withoutSuggestions({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(hidden.message).not.toMatch(/Did you mean|choices|OPEN|limit|publicStores/);
    expect(hidden.message.length).toBeGreaterThan(10);
    expect(hidden.extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });
});

describe('graphqlErrorFormatter', () => {
  const error = new GraphQLError(SUGGESTING[1]!, { extensions: { code: 'BAD_USER_INPUT' } });
  const formatted = { message: error.message, extensions: { code: 'BAD_USER_INPUT' } };

  it('hides suggestions in production only', () => {
    expect(graphqlErrorFormatter('production')(formatted, error).message).not.toMatch(/Did you mean/);
    expect(graphqlErrorFormatter('test')(formatted, error).message).toMatch(/Did you mean "choices"\?/);
  });

  it('answers a persisted-query hash that does not match its query as BAD_USER_INPUT', () => {
    const mismatch = new GraphQLError('provided sha does not match query');
    const apollo = { message: mismatch.message, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    expect(graphqlErrorFormatter('production')(apollo, mismatch)).toEqual({
      message: 'provided sha does not match query',
      extensions: { code: 'BAD_USER_INPUT', reason: 'persisted_query_hash_mismatch' },
    });
  });

  it('still masks a resolver’s uncoded error with the same words', () => {
    const thrown = new GraphQLError('provided sha does not match query', { path: ['x'], originalError: new Error() });
    const apollo = { message: thrown.message, path: ['x'], extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    expect(graphqlErrorFormatter('production')(apollo, thrown).message).toBe('Internal server error.');
  });
});
