import { DeadlockException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { DEADLOCK_ATTEMPTS, retryingDeadlocks } from './deadlock.js';

const deadlock = () => new DeadlockException(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
const noPause = () => 0;

/** An attempt that fails with the given errors in turn, then answers 'done'; counts its calls. */
function failing(...errors: Error[]) {
  const attempt = async () => {
    attempt.calls++;
    const error = errors.shift();
    if (error) throw error;
    return 'done';
  };
  attempt.calls = 0;
  return attempt;
}

describe('retryingDeadlocks', () => {
  it('runs a deadlock victim again until it goes through', async () => {
    const attempt = failing(deadlock(), deadlock());
    await expect(retryingDeadlocks(attempt, DEADLOCK_ATTEMPTS, noPause)).resolves.toBe('done');
    expect(attempt.calls).toBe(3);
  });

  it('throws the last deadlock after the last attempt', async () => {
    const attempt = failing(deadlock(), deadlock(), deadlock());
    await expect(retryingDeadlocks(attempt, 3, noPause)).rejects.toBeInstanceOf(DeadlockException);
    expect(attempt.calls).toBe(3);
  });

  it('throws any other error at once', async () => {
    const unique = new UniqueConstraintViolationException(new Error('duplicate key'));
    const attempt = failing(unique);
    await expect(retryingDeadlocks(attempt, DEADLOCK_ATTEMPTS, noPause)).rejects.toBe(unique);
    expect(attempt.calls).toBe(1);
  });
});
