/** JSON Schemas of the public posts row (merged into `components.schemas` by the table). */
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

export const POST_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  AppPostSummary: {
    type: 'object',
    required: ['postId', 'title', 'body', 'imageUrl', 'status', 'publishedAt', 'updatedAt'],
    properties: {
      postId: { type: 'string', format: 'uuid', description: 'Post id (UUIDv7).' },
      title: { type: 'string', maxLength: 200, description: 'Title, 1 to 200 characters.' },
      body: {
        type: 'string',
        maxLength: 10000,
        description: 'Plain text (no HTML); line breaks are `\\n`. Render it as text.',
      },
      imageUrl: { type: ['string', 'null'], format: 'uri', description: 'Image URL (https), or null.' },
      status: { type: 'string', enum: ['Published'], description: 'Always Published in this list.' },
      publishedAt: {
        type: 'string',
        format: 'date-time',
        description: 'When it went public (for a scheduled post: its scheduled time).',
      },
      updatedAt: { type: 'string', format: 'date-time', description: 'When it last changed.' },
    },
  },
  AppPostListResponse: {
    type: 'object',
    required: ['items'],
    properties: {
      items: {
        type: 'array',
        maxItems: 100,
        items: ref('AppPostSummary'),
        description: 'Newest first (publishedAt, then postId, descending); at most `take`.',
      },
    },
  },
};
