import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../kernel/errors.js';
import { nextStatus, OrderStatus, TRANSITIONS, type OrderAction } from './order-state.js';

const ACTIONS: OrderAction[] = ['pay', 'fulfil', 'close', 'cancel'];
const ALLOWED: Record<string, OrderStatus> = {
  'open pay': OrderStatus.paid,
  'paid fulfil': OrderStatus.fulfilled,
  'fulfilled close': OrderStatus.closed,
  'open cancel': OrderStatus.cancelled,
  'paid cancel': OrderStatus.cancelled,
};

describe('the order state machine', () => {
  it('allows open -> paid -> fulfilled -> closed and cancelling from open or paid, nothing else', () => {
    for (const status of Object.values(OrderStatus))
      for (const action of ACTIONS) {
        const allowed = ALLOWED[`${status} ${action}`];
        if (allowed) expect(nextStatus(status, action), `${status} ${action}`).toBe(allowed);
        else expect(() => nextStatus(status, action), `${status} ${action}`).toThrow(ConflictError);
      }
  });

  it('refuses with CONFLICT invalid_transition naming the current status', () => {
    let refusal: unknown;
    try {
      nextStatus(OrderStatus.closed, 'cancel');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as ConflictError).extensions).toMatchObject({ code: 'CONFLICT', reason: 'invalid_transition' });
    expect((refusal as ConflictError).message).toContain('The order is closed');
  });

  it('names the event of each transition', () => {
    expect(Object.fromEntries(ACTIONS.map((a) => [a, TRANSITIONS[a].event]))).toEqual({
      pay: 'order.paid',
      fulfil: 'order.shipped',
      close: 'order.closed',
      cancel: 'order.cancelled',
    });
  });
});
