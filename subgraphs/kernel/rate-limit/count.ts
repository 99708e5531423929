/**
 * Counts an operation's limited calls in the store and says where each policy stands: its tightest
 * key (fewest calls left) for the headers, and whether it refused.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitState } from './headers.js';
import type { LimitedCall } from './limited-calls.js';
import type { RateLimitStore } from './store.js';

/** Where the operation stands: one state per policy it touched, and those that refused it. */
export interface RateLimitOutcome {
  readonly states: readonly RateLimitState[];
  readonly refused: readonly RateLimitState[];
}

/** Counts one call; a refusal is the library's rejection with a RateLimiterRes, anything else a failure. */
async function countCall(store: RateLimitStore, call: LimitedCall): Promise<{ res: RateLimiterRes; refused: boolean }> {
  try {
    return { res: await store.limiter(call.rule).consume(call.key, call.count), refused: false };
  } catch (rejection: unknown) {
    if (rejection instanceof RateLimiterRes) return { res: rejection, refused: true };
    throw rejection;
  }
}

/** Counts every call (all of them, also after a refusal: the window is fixed, so nothing is prolonged). */
export async function countCalls(store: RateLimitStore, calls: readonly LimitedCall[]): Promise<RateLimitOutcome> {
  const counted = await Promise.all(calls.map(async (call) => ({ call, ...(await countCall(store, call)) })));
  const byPolicy = new Map<string, { state: RateLimitState; refused: boolean }>();
  for (const { call, res, refused } of counted) {
    const state: RateLimitState = { rule: call.rule, remaining: res.remainingPoints, msBeforeReset: res.msBeforeNext };
    const known = byPolicy.get(call.rule.policy);
    const tighter =
      !known ||
      state.remaining < known.state.remaining ||
      (state.remaining === known.state.remaining && state.msBeforeReset > known.state.msBeforeReset);
    byPolicy.set(call.rule.policy, {
      state: tighter ? state : known.state,
      refused: refused || (known?.refused ?? false),
    });
  }
  const entries = [...byPolicy.values()];
  return { states: entries.map((e) => e.state), refused: entries.filter((e) => e.refused).map((e) => e.state) };
}
