/**
 * The component schemas every area shares (problem bodies), and `ref` to point at any component
 * schema. Each area publishes its own payload schemas; the table merges them (table.ts).
 */
import type { JsonSchema } from './route.js';

/** A reference to a schema under `components.schemas`. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const str = (description: string): JsonSchema => ({ type: 'string', description });

export const SHARED_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details.',
    required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'traceId'],
    properties: {
      type: { type: 'string', description: '`/problems/<code>`.' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string', description: 'The request path, without the query.' },
      code: { type: 'string', description: 'Machine-readable snake_case code.' },
      traceId: { type: 'string', description: 'Correlates with the X-Request-Id header and the logs.' },
      errors: {
        type: 'array',
        description:
          'Field-level failures of a 400 from validation. `path` is a JSON pointer (RFC 6901) into the JSON ' +
          'request body (`/token`, `/answers/0/choices`; `""` for the body itself), or the name of the query, ' +
          'path or form parameter (`page`); `message` says what is wrong in the terms of this document, never of ' +
          'GraphQL.',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: {
            path: {
              type: 'string',
              description: 'A JSON pointer into the request body, or the name of the query, path or form parameter.',
            },
            message: { type: 'string' },
          },
        },
      },
    },
  },
  OAuthProblem: {
    description:
      'Errors of the OAuth endpoints: RFC 6749 §5.2 `error` and `error_description` beside the problem fields.',
    allOf: [
      { $ref: '#/components/schemas/Problem' },
      {
        type: 'object',
        required: ['error', 'error_description'],
        properties: {
          error: str(
            'invalid_request, invalid_client, invalid_grant, unsupported_grant_type, invalid_scope, invalid_token, server_error.',
          ),
          error_description: str('What went wrong, for the developer.'),
        },
      },
    ],
  },
};
