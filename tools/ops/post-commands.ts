/** Operator commands of shop app posts. */
import { CommandFailure, text, type OpsCommand } from './command.js';

const STATUSES = ['Published', 'Draft', 'Scheduled'];

/** `--status` as the GraphQL enum value (default Draft); anything else is refused before any call. */
function statusOf(value: string | undefined): string {
  if (value === undefined) return 'Draft';
  if (!STATUSES.includes(value))
    throw new CommandFailure(400, 'validation_failed', `--status must be one of ${STATUSES.join(', ')}.`);
  return value;
}

export const POST_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'post:create',
    summary:
      'Create a post of a shop app: Draft by default, Published now, or Scheduled (with --publish-at, an RFC 3339 time in the future).',
    flags: {
      shop: { value: 'S', required: true },
      title: { value: 'T', required: true },
      body: { value: 'B', required: true },
      status: { value: 'Published|Draft|Scheduled' },
      'publish-at': { value: 'ISO' },
    },
    operationName: 'OpsCreateAppPost',
    document: 'mutation OpsCreateAppPost($input: CreateAppPostInput!) { createAppPost(input: $input) { id } }',
    variables: (flags) => ({
      input: {
        shopId: text(flags, 'shop'),
        title: text(flags, 'title'),
        body: text(flags, 'body'),
        status: statusOf(text(flags, 'status')),
        ...(text(flags, 'publish-at') !== undefined ? { publishAt: text(flags, 'publish-at') } : {}),
      },
    }),
    result: (data) => ({ postId: (data.createAppPost as { id: string }).id }),
  },
];
