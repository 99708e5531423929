/**
 * The schema of live events (decision 0014): @apollo/gateway executes no subscriptions, so the gateway
 * process serves this small schema itself over graphql-ws, on the HTTP server and path of `/graphql`.
 * It is committed as `schema/subscriptions.graphql` and covered by `npm run schema:check`.
 */
import {
  GraphQLID,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  printSchema,
  type GraphQLFieldConfig,
  type GraphQLNullableType,
} from 'graphql';
import { GraphQLDateTimeISO, GraphQLJSONObject } from 'graphql-scalars';
import { EVENT_TYPE_NAMES, eventTypeScope } from '../../subgraphs/kernel/events/catalogue.js';
import { knownEventTypes } from './event-types.js';
import type { PublishedEvent } from './event-hub.js';

/** Where `schema:write` writes the printed schema, relative to the repository root. */
export const SUBSCRIPTION_SCHEMA_FILE = 'schema/subscriptions.graphql';

/** Arguments of `Subscription.events`. */
export interface EventsArguments {
  readonly types?: readonly string[] | null;
  readonly after?: string | null;
}

/** How the schema's `events` field opens a stream for one subscriber (see event-stream.ts). */
export type OpenEventStream = (
  args: EventsArguments,
  context: unknown,
) => Promise<AsyncIterable<PublishedEvent>> | AsyncIterable<PublishedEvent>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);

/** The scope each event type needs, one line per type (the catalogue's), for the descriptions. */
const SCOPE_TABLE = EVENT_TYPE_NAMES.map((type) => `- \`${type}\`: ${eventTypeScope(type) ?? 'no scope'}`).join('\n');

const EventType = new GraphQLObjectType<PublishedEvent>({
  name: 'Event',
  description:
    'A published domain event: the same id, type, time, business account and payload a webhook delivery carries.',
  fields: {
    id: { type: nonNull(GraphQLID), description: 'Stable event id (UUIDv7); `webhook-id` of its deliveries.' },
    type: { type: nonNull(GraphQLString), description: 'Event type from the catalogue, e.g. `purchase.completed`.' },
    occurredAt: { type: nonNull(GraphQLDateTimeISO), description: 'When the change that caused it happened.' },
    businessAccountId: { type: nonNull(GraphQLID), description: 'The business account the event belongs to.' },
    data: { type: nonNull(GraphQLJSONObject), description: "The event payload (the webhook body's `data`)." },
  },
});

/**
 * The events schema. `open` is called once per subscription with its arguments and the connection's
 * context; the printed schema (what `schema:check` compares) does not depend on it.
 */
export function eventsSchema(open: OpenEventStream = () => emptyStream()): GraphQLSchema {
  const events: GraphQLFieldConfig<PublishedEvent, unknown, EventsArguments> = {
    type: nonNull(EventType),
    description:
      "Events of the caller's business account as they are published, oldest first, only of the types whose read " +
      "scope the connection's token holds. `types` keeps only those types: an unknown type is BAD_USER_INPUT " +
      'unknown_event_type; a type whose scope the token lacks is FORBIDDEN insufficient_scope (the types in ' +
      '`extensions.types`, the scopes in `extensions.scope`). Without `types`, every type the scopes allow, never ' +
      'more. `after` (an event id) first replays the events published after that one, within EVENT_RETENTION_DAYS, ' +
      `then continues live with no gap and no duplicate.\n\nThe scope each type needs:\n${SCOPE_TABLE}`,
    args: {
      types: {
        type: new GraphQLList(nonNull(GraphQLString)),
        description:
          "Event types to receive; each needs its read scope in the token (see the field's description). Omitted: " +
          'every type the scopes allow.',
      },
      after: { type: GraphQLID },
    },
    subscribe: (_root, args, context) => open(args, context),
    resolve: (event: PublishedEvent) => event,
  };
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        eventTypes: {
          type: nonNull(new GraphQLList(nonNull(GraphQLString))),
          description:
            'The event types of the catalogue. `events(types:)` accepts those whose read scope the token holds: ' +
            `\n${SCOPE_TABLE}`,
          resolve: () => knownEventTypes(),
        },
      },
    }),
    subscription: new GraphQLObjectType({ name: 'Subscription', fields: { events } }),
  });
}

/** The schema as committed under schema/ (SDL, no resolvers needed). */
export function eventsSchemaSdl(): string {
  return printSchema(eventsSchema());
}

async function* emptyStream(): AsyncGenerator<PublishedEvent> {
  // The printed schema never runs it.
}
