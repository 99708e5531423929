import { argon2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Argon2idPasswordHasher, OWASP_ARGON2ID, parseArgon2idHash, passwordHasher } from './password-hasher.js';

/** `bytes` bytes of unpadded standard base64, as PHC strings hold salts and tags. */
const b64 = (bytes: number) => Buffer.alloc(bytes, 0x5a).toString('base64').replace(/=+$/, '');
const SALT = b64(16);
const TAG = b64(32);
/** A PHC argon2id string of these parameters (`m=…,t=…,p=…`), salt and tag. */
const phc = (params: string, salt = SALT, tag = TAG) => `$argon2id$v=19$${params}$${salt}$${tag}`;

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/;

describe('Argon2idPasswordHasher', () => {
  it('writes a PHC string with the OWASP parameters, a 16-byte salt and a 32-byte tag', async () => {
    const hash = await passwordHasher.hash('correct horse battery staple');
    // OWASP Password Storage Cheat Sheet, argon2id: 19 MiB of memory, 2 iterations, 1 lane.
    const [, salt, tag] = PHC.exec(hash) ?? [];
    expect(salt, hash).toBeDefined();
    const parsed = parseArgon2idHash(hash)!;
    expect(parsed).toMatchObject({ memory: 19 * 1024, passes: 2, parallelism: 1 });
    expect(OWASP_ARGON2ID).toEqual({ memory: 19 * 1024, passes: 2, parallelism: 1 });
    // The parser's bytes against the PHC fields decoded here (unpadded standard base64).
    expect(parsed.salt.equals(Buffer.from(salt!, 'base64'))).toBe(true);
    expect(parsed.tag.equals(Buffer.from(tag!, 'base64'))).toBe(true);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(tag!, 'base64')).toHaveLength(32);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await passwordHasher.hash('correct horse battery staple');
    expect(await passwordHasher.verify(hash, 'correct horse battery staple')).toBe(true);
    expect(await passwordHasher.verify(hash, 'correct horse battery stapl')).toBe(false);
    expect(await passwordHasher.verify(hash, 'Correct horse battery staple')).toBe(false);
  });

  it('salts every hash afresh', async () => {
    const [a, b] = await Promise.all([
      passwordHasher.hash('same password here'),
      passwordHasher.hash('same password here'),
    ]);
    expect(a).not.toBe(b);
  });

  it('computes the argon2id tag of the stored salt and parameters (cross-checked with argon2Sync)', async () => {
    const hash = await passwordHasher.hash('パスワードは長いほうがいい');
    const { salt, tag } = parseArgon2idHash(hash)!;
    const expected = argon2Sync('argon2id', {
      message: 'パスワードは長いほうがいい',
      nonce: salt,
      memory: 19456,
      passes: 2,
      parallelism: 1,
      tagLength: 32,
    });
    expect(tag.equals(expected)).toBe(true);
  });

  it('verifies with the parameters stored in the hash, and asks for a rehash when they differ', async () => {
    const cheap = new Argon2idPasswordHasher({ memory: 1024, passes: 1, parallelism: 1 });
    const old = await cheap.hash('an older, cheaper hash');
    expect(old).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await passwordHasher.verify(old, 'an older, cheaper hash')).toBe(true);
    expect(passwordHasher.needsRehash(old)).toBe(true);
    expect(passwordHasher.needsRehash(await passwordHasher.hash('a current hash, fine'))).toBe(false);
  });

  it('treats composed and decomposed forms of a password alike (NFC)', async () => {
    const composed = 'caf\u00e9 au lait et cr\u00e8me';
    const decomposed = 'cafe\u0301 au lait et cre\u0300me';
    expect(decomposed).not.toBe(composed);
    const hash = await passwordHasher.hash(composed);
    expect(await passwordHasher.verify(hash, decomposed)).toBe(true);
  });

  it('accepts stored parameters at their bounds and refuses one step past them', () => {
    const salt8 = b64(8);
    const accepted = [
      phc('m=1048576,t=16,p=16'), // the upper bounds of memory, passes and lanes
      phc('m=16,t=1,p=2'), // the least memory: 8 KiB per lane
      phc('m=8,t=1,p=1', salt8, b64(16)), // an 8-byte salt, a 16-byte tag
      phc('m=8,t=1,p=1', SALT, b64(64)), // a 64-byte tag
    ];
    for (const stored of accepted) expect(parseArgon2idHash(stored), stored).toBeDefined();
    const refused = [
      phc('m=1048577,t=2,p=1'),
      phc('m=19456,t=17,p=1'),
      phc('m=19456,t=2,p=17'),
      phc('m=19456,t=0,p=1'),
      phc('m=19456,t=2,p=0'),
      phc('m=15,t=1,p=2'),
      phc('m=19456,t=2,p=1', b64(7)),
      phc('m=19456,t=2,p=1', SALT, b64(15)),
      phc('m=19456,t=2,p=1', SALT, b64(65)),
    ];
    for (const stored of refused) expect(parseArgon2idHash(stored), stored).toBeUndefined();
  });

  it('asks for a rehash when any single parameter, the salt length or the tag length differs', () => {
    const hasher = new Argon2idPasswordHasher({ memory: 1024, passes: 1, parallelism: 1 });
    expect(hasher.needsRehash(phc('m=1024,t=1,p=1'))).toBe(false);
    expect(hasher.needsRehash(phc('m=2048,t=1,p=1'))).toBe(true);
    expect(hasher.needsRehash(phc('m=1024,t=2,p=1'))).toBe(true);
    expect(hasher.needsRehash(phc('m=1024,t=1,p=2'))).toBe(true);
    expect(hasher.needsRehash(phc('m=1024,t=1,p=1', b64(8)))).toBe(true);
    expect(hasher.needsRehash(phc('m=1024,t=1,p=1', SALT, b64(16)))).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['another scheme', '$2b$12$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234'],
    ['argon2i', '$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    [
      'an old version',
      '$argon2id$v=16$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    ],
    ['a short salt', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    [
      'absurd memory',
      '$argon2id$v=19$m=99999999,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    ],
  ])('refuses %s stored values without throwing', async (_label, stored) => {
    expect(parseArgon2idHash(stored)).toBeUndefined();
    expect(await passwordHasher.verify(stored, 'whatever it is')).toBe(false);
    expect(passwordHasher.needsRehash(stored)).toBe(true);
  });
});
