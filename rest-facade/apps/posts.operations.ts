/** GraphQL document of the public posts row. Aliases give the REST field names. */
import type { Operation } from '../kernel/route.js';

export const AppPosts: Operation = {
  name: 'AppPosts',
  document: `query AppPosts($shopId: String!, $status: String, $take: Int) {
  publicAppPosts(shopId: $shopId, status: $status, take: $take) {
    items { postId: id title body imageUrl status publishedAt updatedAt }
  }
}`,
};
