/**
 * Signatures checked by the independent `standardwebhooks` package (the reference implementation a
 * receiver would use), for both secret forms and for the two signatures of a rotation's overlap.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { secretKey, signatureHeader } from './webhook-signature.js';

const ID = '01936f3e-7a1b-7c2d-8e3f-4a5b6c7d8e9f';
const BODY = JSON.stringify({ id: ID, type: 'webhook.test', data: { hello: 'せかい' } });

function headers(id: string, timestamp: number, signature: string) {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}

describe('webhook signatures', () => {
  it('a whsec_ secret signs with its base64 key bytes, as standardwebhooks verifies', () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([secret], ID, now, BODY);
    expect(header).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(BODY, headers(ID, now, header))).toEqual(JSON.parse(BODY));
    // The library's own signature is the same string.
    expect(header).toBe(new Webhook(secret).sign(ID, new Date(now * 1000), BODY));
  });

  it('any other secret signs with its UTF-8 bytes as-is', () => {
    const secret = 'a plain shared secret ✓';
    expect(secretKey(secret).equals(Buffer.from(secret, 'utf8'))).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([secret], ID, now, BODY);
    const verifier = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
    expect(() => verifier.verify(BODY, headers(ID, now, header))).not.toThrow();
  });

  it('two secrets give two signatures, each verifying on its own; a tampered body or id fails', () => {
    const current = `whsec_${randomBytes(32).toString('base64')}`;
    const previous = `whsec_${randomBytes(32).toString('base64')}`;
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([current, previous], ID, now, BODY);
    expect(header.split(' ')).toHaveLength(2);
    for (const secret of [current, previous]) {
      expect(() => new Webhook(secret).verify(BODY, headers(ID, now, header))).not.toThrow();
    }
    const stranger = new Webhook(`whsec_${randomBytes(32).toString('base64')}`);
    expect(() => stranger.verify(BODY, headers(ID, now, header))).toThrow();
    expect(() => new Webhook(current).verify(`${BODY} `, headers(ID, now, header))).toThrow();
    expect(() => new Webhook(current).verify(BODY, headers(`${ID.slice(0, -1)}0`, now, header))).toThrow();
  });

  it('refuses to sign with no secret', () => {
    expect(() => signatureHeader([], ID, 0, BODY)).toThrow();
  });
});
