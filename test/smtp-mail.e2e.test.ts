/**
 * Issue 6 item 1 (real mail): with SMTP_URL the service sends through nodemailer's SMTP transport. A
 * real SMTP server runs in-process (smtp-server); the test follows the link in the received message.
 * Also: the development outbox page exists only outside production.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient, formOf, PASSWORD } from './fixtures/authorization.fixtures.js';
import { startTestService, type TestService } from './harness.js';
import { linkIn } from './mail.js';

interface Received {
  readonly to: string[];
  readonly raw: string;
}

const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

let service: TestService;
beforeAll(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  service = await startTestService({
    demoData: false,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Retail Media <no-reply@rmp.example>' },
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The text part of a received message, decoded (nodemailer sends quoted-printable or base64). */
function textOf(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
  }
  return body;
}

describe('mail over SMTP', () => {
  it('sends the verification link in the page language, and the link verifies', async () => {
    const client = new CookieClient(service.url);
    const page = await client.request('/oauth/sign-up', { headers: { 'accept-language': 'en' } });
    const form = formOf(await page.text(), '/oauth/sign-up');
    const posted = await client.post(
      form.action,
      { ...form.fields, email: 'Smtp.User@Example.test', password: PASSWORD },
      { 'accept-language': 'en' },
    );
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Check your mail');
    await expect.poll(() => received.length).toBe(1);
    const message = received[0]!;
    expect(message.to).toEqual(['smtp.user@example.test']);
    expect(message.raw).toMatch(/^From: Retail Media <no-reply@rmp\.example>/m);
    expect(message.raw).toMatch(/^Subject: Confirm your email address/m);
    const landing = await client.request(linkIn(textOf(message.raw), '/oauth/verify-email'));
    const confirm = formOf(await landing.text(), '/oauth/verify-email');
    const verified = await client.post(confirm.action, confirm.fields, { 'accept-language': 'en' });
    expect(verified.status).toBe(200);
    expect(await verified.text()).toContain('smtp.user@example.test is confirmed.');
    const outbox = await service.orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from "mail_outbox"');
    expect(outbox[0]?.n).toBe(0);
  });

  it('lists no outbox page in production', async () => {
    const { port } = smtp.server.address() as AddressInfo;
    const production = await startTestService({
      demoData: false,
      env: {
        NODE_ENV: 'production',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        SECRETS_KEY: 'c210cC1tYWlsLXRlc3Qtc2VjcmV0cy1rZXktMDEyMzQ',
      },
    });
    expect((await fetch(`${production.url}/dev/outbox`)).status).toBe(404);
    expect((await fetch(`${service.url}/dev/outbox`)).status).toBe(200);
  });
});
