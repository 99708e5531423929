import { describe, expect, it } from 'vitest';
import { BadUserInputError, Validation } from './errors.js';
import { likePattern, pageRequest } from './paging.js';

const limits = { defaultSize: 30, maxSize: 100 };

describe('pageRequest', () => {
  it('defaults, clamps and computes the offset', () => {
    expect(pageRequest(undefined, undefined, limits, new Validation())).toEqual({ page: 1, pageSize: 30, offset: 0 });
    expect(pageRequest(3, 500, limits, new Validation())).toEqual({ page: 3, pageSize: 100, offset: 200 });
  });

  it('rejects values below 1', () => {
    const validation = new Validation();
    pageRequest(0, -1, limits, validation);
    expect(() => validation.throwIfInvalid()).toThrow(BadUserInputError);
  });
});

describe('likePattern', () => {
  it('escapes wildcards so text matches literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
