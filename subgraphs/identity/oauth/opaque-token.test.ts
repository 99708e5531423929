/** Opaque secrets and PKCE: 256 random bits as base64url, SHA-256 digests, RFC 7636 S256 and verifier shape. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newOpaqueToken, PKCE_VERIFIER, s256, tokenDigest } from './opaque-token.js';

describe('opaque tokens', () => {
  it('are 43 base64url characters (256 bits) and differ every time', () => {
    const a = newOpaqueToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newOpaqueToken()).not.toBe(a);
  });

  it('are stored as the SHA-256 hex of their UTF-8 bytes', () => {
    expect(tokenDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(tokenDigest('é')).toBe(createHash('sha256').update(Buffer.from('é', 'utf8')).digest('hex'));
  });
});

describe('PKCE', () => {
  it('computes the RFC 7636 appendix B challenge', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it.each([
    ['a'.repeat(43), true],
    ['a'.repeat(128), true],
    ['Az09-._~'.repeat(6), true],
    ['a'.repeat(42), false],
    ['a'.repeat(129), false],
    [`${'a'.repeat(43)}+`, false],
    [`${'a'.repeat(43)}\n`, false],
    [`/${'a'.repeat(43)}`, false],
  ])('takes %j as a verifier: %s', (verifier, ok) => expect(PKCE_VERIFIER.test(verifier)).toBe(ok));
});
