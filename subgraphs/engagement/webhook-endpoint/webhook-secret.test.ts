import { describe, expect, it } from 'vitest';
import { secretProblem } from './webhook-secret.js';

const b64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

describe('secretProblem', () => {
  it('accepts 8 to 256 characters and whsec_ with 16 to 64 base64 bytes', () => {
    expect(secretProblem('a'.repeat(8))).toBeNull();
    expect(secretProblem('秘'.repeat(256))).toBeNull();
    expect(secretProblem(`whsec_${b64(16)}`)).toBeNull();
    expect(secretProblem(`whsec_${b64(32)}`)).toBeNull();
    expect(secretProblem(`whsec_${b64(64)}`)).toBeNull();
  });

  it('refuses lengths out of range, bad base64 and control characters', () => {
    expect(secretProblem('a'.repeat(7))).toMatch(/8 to 256/);
    expect(secretProblem('a'.repeat(257))).toMatch(/8 to 256/);
    expect(secretProblem(`whsec_${b64(15)}`)).toMatch(/16 to 64 bytes/);
    expect(secretProblem(`whsec_${b64(65)}`)).toMatch(/16 to 64 bytes/);
    expect(secretProblem(`whsec_${b64(32).slice(1)}`)).toMatch(/base64/);
    expect(secretProblem(`whsec_${b64(32).replaceAll('H', '-')}x`)).toMatch(/base64/);
    expect(secretProblem(`${'a'.repeat(30)}\n`)).toMatch(/control/);
    expect(secretProblem(` ${'a'.repeat(30)}`)).toMatch(/whitespace/);
  });
});
