/** The public posts row of a shop app (interface: Store app content). */
import type { Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import * as posts from './posts.operations.js';
import { APP_CONTENT_ANSWER } from './routes.js';
import { SHOP_ID_PARAM } from './schemas.js';

export const postRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/v1/apps/:shopId/posts',
    operation: posts.AppPosts,
    tag: 'Store app content',
    summary: "A shop app's published posts",
    description:
      'The public posts of the app, newest first (publishedAt, then postId, descending). A post scheduled by its business ' +
      'appears here, as Published with publishedAt = its scheduled time, as soon as that time has passed. ' +
      '`status` is `Published` (the default) and nothing else: Draft, Scheduled and Archived posts are not public content, ' +
      'whatever token is sent, so asking for them is a 400 `status_not_public` (businesses read them with the GraphQL `appPosts` ' +
      'query and `sns.content.read`); this answer may be kept by shared caches, so it never holds them. ' +
      '`take` defaults to 20; above 100 it is clamped to 100; below 1 it is a 400. ' +
      'The interface lists only 200; an unknown shopId is a 404 `app_not_found`, like the other app rows.',
    pathParams: SHOP_ID_PARAM,
    queryParams: {
      status: {
        type: 'string',
        description: '`Published` (default); Draft, Scheduled and Archived are 400.',
        maxLength: 16,
      },
      take: { type: 'int32', description: 'How many posts: 1 to 100 (above is clamped).', default: 20, minimum: 1 },
    },
    result: (data) => data.publicAppPosts,
    status: 200,
    responseSchema: ref('AppPostListResponse'),
    answer: APP_CONTENT_ANSWER,
    errors: {
      400:
        '`take` is not an int32 or below 1, or `status` is not `Published`: Draft, Scheduled or Archived (`status_not_public`) ' +
        'or anything else (`validation_failed`); `errors` names the parameter.',
      404: 'No app has this shopId (`app_not_found`).',
    },
  },
];
