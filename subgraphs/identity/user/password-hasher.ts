/**
 * Password hashing with argon2id (RFC 9106) through Node's built-in `crypto.argon2`, stored as a PHC
 * string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<tag>` (base64 without padding, as the reference
 * implementation writes it). Verification reads the parameters from the stored string, so hashes
 * made with older parameters keep verifying; {@link PasswordHasher.needsRehash} says when to upgrade.
 */
import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from 'node:crypto';

/** Cost parameters of argon2id. */
export interface Argon2idParameters {
  /** Memory in KiB. */
  readonly memory: number;
  /** Iterations (`t`). */
  readonly passes: number;
  /** Lanes (`p`). */
  readonly parallelism: number;
}

/** OWASP Password Storage Cheat Sheet, first argon2id option: m=19456 KiB (19 MiB), t=2, p=1. */
export const OWASP_ARGON2ID: Argon2idParameters = Object.freeze({ memory: 19456, passes: 2, parallelism: 1 });

/** Random salt length in bytes (RFC 9106 recommends 16). */
export const SALT_BYTES = 16;
/** Tag (derived hash) length in bytes. */
export const TAG_BYTES = 32;

/** The argon2 version this code writes and reads (0x13). */
const VERSION = 19;

/** Upper bounds on parameters read from a stored hash, so a corrupt row cannot exhaust the host. */
const LIMITS = { memory: 1 << 20, passes: 16, parallelism: 16, minSalt: 8, minTag: 16, maxTag: 64 } as const;

const PHC = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Hashes and verifies passwords. Passwords are NFC-normalised first, so composed and decomposed input agree. */
export interface PasswordHasher {
  /** A PHC string for `password`, with a fresh random salt. */
  hash(password: string): Promise<string>;
  /** Whether `password` matches `stored`; false for a malformed or foreign stored value. */
  verify(stored: string, password: string): Promise<boolean>;
  /** Whether `stored` was made with other parameters than this hasher's (rehash after a successful sign-in). */
  needsRehash(stored: string): boolean;
}

interface ParsedHash extends Argon2idParameters {
  readonly salt: Buffer;
  readonly tag: Buffer;
}

function b64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

function inRange(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

/** Parses a PHC argon2id string; undefined when it is malformed or outside {@link LIMITS}. */
export function parseArgon2idHash(stored: string): ParsedHash | undefined {
  const match = PHC.exec(stored);
  if (!match) return undefined;
  const [, version, m, t, p, salt = '', tag = ''] = match;
  const parsed = {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt, 'base64'),
    tag: Buffer.from(tag, 'base64'),
  };
  const valid =
    Number(version) === VERSION &&
    inRange(parsed.parallelism, 1, LIMITS.parallelism) &&
    inRange(parsed.memory, 8 * parsed.parallelism, LIMITS.memory) &&
    inRange(parsed.passes, 1, LIMITS.passes) &&
    parsed.salt.length >= LIMITS.minSalt &&
    inRange(parsed.tag.length, LIMITS.minTag, LIMITS.maxTag);
  return valid ? parsed : undefined;
}

function derive(password: string, salt: Buffer, params: Argon2idParameters, tagLength: number): Promise<Buffer> {
  const parameters: Argon2Parameters = {
    message: password.normalize('NFC'),
    nonce: salt,
    memory: params.memory,
    passes: params.passes,
    parallelism: params.parallelism,
    tagLength,
  };
  return new Promise((resolve, reject) =>
    argon2('argon2id', parameters, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** argon2id with {@link OWASP_ARGON2ID} by default; runs on libuv's thread pool, off the event loop. */
export class Argon2idPasswordHasher implements PasswordHasher {
  constructor(private readonly params: Argon2idParameters = OWASP_ARGON2ID) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const tag = await derive(password, salt, this.params, TAG_BYTES);
    const { memory, passes, parallelism } = this.params;
    return `$argon2id$v=${VERSION}$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(tag)}`;
  }

  async verify(stored: string, password: string): Promise<boolean> {
    const parsed = parseArgon2idHash(stored);
    if (!parsed) return false;
    const tag = await derive(password, parsed.salt, parsed, parsed.tag.length);
    return timingSafeEqual(tag, parsed.tag);
  }

  needsRehash(stored: string): boolean {
    const parsed = parseArgon2idHash(stored);
    return (
      !parsed ||
      parsed.memory !== this.params.memory ||
      parsed.passes !== this.params.passes ||
      parsed.parallelism !== this.params.parallelism ||
      parsed.salt.length !== SALT_BYTES ||
      parsed.tag.length !== TAG_BYTES
    );
  }
}

/** The hasher services use unless given another. */
export const passwordHasher: PasswordHasher = new Argon2idPasswordHasher();
