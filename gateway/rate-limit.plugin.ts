/**
 * Enforces the rate-limit rule table (subgraphs/kernel/rate-limit/) at the gateway, before any
 * resolver runs, so GraphQL callers and the REST facade count against the same numbers. A limited
 * operation's response carries `RateLimit-Policy` and `RateLimit`; over the limit it is refused with
 * RATE_LIMITED (HTTP 429) and `Retry-After`. The counters are keyed by the client IP the service saw
 * (GatewayContext.clientIp, never a value of the operation) and the rule's key arguments.
 */
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../subgraphs/kernel/context.js';
import { RateLimitedError } from '../subgraphs/kernel/errors.js';
import { log } from '../subgraphs/kernel/logger.js';
import { countCalls } from '../subgraphs/kernel/rate-limit/count.js';
import { rateLimitHeaders, retryAfterSeconds } from '../subgraphs/kernel/rate-limit/headers.js';
import { limitedCalls } from '../subgraphs/kernel/rate-limit/limited-calls.js';
import { assertRuleTable, type RateLimitRule } from '../subgraphs/kernel/rate-limit/rules.js';
import type { RateLimitStore } from '../subgraphs/kernel/rate-limit/store.js';

/**
 * The rules that name no root field of `schema`, or a key argument the field does not have: such a
 * rule never matches (a field not built yet is inert), which the gateway reports at start.
 */
export function unmatchedRules(rules: readonly RateLimitRule[], schema: GraphQLSchema): string[] {
  return rules.flatMap((rule) => {
    const [typeName, fieldName] = rule.field.split('.') as [string, string];
    const type = typeName === 'Mutation' ? schema.getMutationType() : schema.getQueryType();
    const field = type?.getFields()[fieldName];
    if (!field) return [`${rule.field} (no such root field)`];
    const missing = rule.keyArguments.filter((name) => !field.args.some((a) => a.name === name));
    return missing.length > 0 ? [`${rule.field} (no argument ${missing.join(', ')})`] : [];
  });
}

/** The Apollo Server plugin; it closes `store` when the server stops. */
export function rateLimitPlugin(
  rules: readonly RateLimitRule[],
  store: RateLimitStore,
): ApolloServerPlugin<GatewayContext> {
  assertRuleTable(rules);
  return {
    serverWillStart() {
      return Promise.resolve({
        schemaDidLoadOrUpdate({ apiSchema }) {
          const unmatched = unmatchedRules(rules, apiSchema);
          if (unmatched.length > 0) log('warn', 'rate-limit rules that match nothing yet', { rules: unmatched });
        },
        serverWillStop: () => store.close(),
      });
    },
    requestDidStart() {
      return Promise.resolve({
        async didResolveOperation({ document, operation, request, contextValue, response }) {
          if (!operation) return;
          const { clientIp, principal } = contextValue;
          const signedIn = principal.kind !== 'anonymous';
          const calls = limitedCalls(document, operation, request.variables, clientIp, rules, signedIn);
          if (calls.length === 0) return;
          const { states, refused } = await countCalls(store, calls);
          for (const [name, value] of Object.entries(rateLimitHeaders(states, refused))) {
            response.http.headers.set(name, value);
          }
          if (refused.length === 0) return;
          const seconds = retryAfterSeconds(refused);
          throw new RateLimitedError(`Too many requests. Try again in ${seconds} seconds.`, seconds, {
            status: 429,
            headers: new HeaderMap(),
          });
        },
      });
    },
  };
}
