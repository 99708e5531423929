/**
 * APNs over HTTP/2 with token authentication (Apple: "Establishing a token-based connection to APNs"):
 * each request carries `authorization: bearer <ES256 JWT>` signed with the team's .p8 key (`kid` the
 * key id, `iss` the team id, `iat`), reused for 50 minutes (Apple refuses tokens older than an hour and
 * throttles ones refreshed more often than every 20 minutes). A Wallet pass update is an empty JSON
 * payload `{}` on the pass type id as topic (Apple: "Updating a pass"); the device then asks the pass
 * web service what changed. One HTTP/2 connection per batch of device tokens.
 */
import { connect, constants } from 'node:http2';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { log } from '../../kernel/logger.js';
import { PUSH_TIMEOUT_MS, PushOutcome } from './push-transport.js';

/** What signs APNs provider tokens. */
export interface ApnsCredentials {
  readonly key: KeyObject;
  readonly keyId: string;
  readonly teamId: string;
  /** e.g. `https://api.push.apple.com`; `http://` is HTTP/2 without TLS (local fakes). */
  readonly url: string;
}

/** How long a provider token is reused. */
export const APNS_TOKEN_TTL_MS = 50 * 60_000;

const providerTokens = new Map<string, { token: string; issuedAt: number }>();

/** The cached provider token of (team, key), signed again after {@link APNS_TOKEN_TTL_MS}. */
export async function providerToken(credentials: ApnsCredentials, now = Date.now()): Promise<string> {
  const cacheKey = `${credentials.teamId}.${credentials.keyId}`;
  const cached = providerTokens.get(cacheKey);
  if (cached && now - cached.issuedAt < APNS_TOKEN_TTL_MS) return cached.token;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: credentials.keyId })
    .setIssuer(credentials.teamId)
    .setIssuedAt(Math.floor(now / 1000))
    .sign(credentials.key);
  providerTokens.set(cacheKey, { token, issuedAt: now });
  return token;
}

/** Forgets the provider token of (team, key), after APNs refused it. */
const forgetProviderToken = (credentials: ApnsCredentials) =>
  providerTokens.delete(`${credentials.teamId}.${credentials.keyId}`);

export const apnsKey = (pem: string): KeyObject => createPrivateKey(pem);

/** The outcome of one APNs answer: 410, or 400 with reason BadDeviceToken, means the token is gone. */
export function apnsOutcome(status: number, body: string): PushOutcome {
  if (status === 200) return PushOutcome.Sent;
  if (status === 410) return PushOutcome.Gone;
  if (status === 400) {
    try {
      const reason = (JSON.parse(body) as { reason?: unknown }).reason;
      if (reason === 'BadDeviceToken' || reason === 'Unregistered') return PushOutcome.Gone;
    } catch {
      // Not JSON: a failure like any other.
    }
  }
  return PushOutcome.Failed;
}

/** Sends the empty pass update to every token on one connection; one outcome per token, in order. */
export async function pushPassUpdates(
  credentials: ApnsCredentials,
  deviceTokens: readonly string[],
  topic: string,
): Promise<PushOutcome[]> {
  if (deviceTokens.length === 0) return [];
  const bearer = await providerToken(credentials);
  const session = connect(credentials.url);
  session.on('error', (error: Error) => log('warn', 'apns connection failed', { error: error.message }));
  session.setTimeout(PUSH_TIMEOUT_MS, () => session.destroy());
  try {
    const outcomes = await Promise.all(deviceTokens.map((deviceToken) => sendOne(session, bearer, deviceToken, topic)));
    if (outcomes.some((o) => o.status === 403)) forgetProviderToken(credentials);
    return outcomes.map((o) => o.outcome);
  } finally {
    session.close();
  }
}

function sendOne(
  session: ReturnType<typeof connect>,
  bearer: string,
  deviceToken: string,
  topic: string,
): Promise<{ outcome: PushOutcome; status: number }> {
  return new Promise((resolve) => {
    const failed = (reason: string) => {
      log('warn', 'apns push failed', { reason });
      resolve({ outcome: PushOutcome.Failed, status: 0 });
    };
    let request;
    try {
      request = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
        authorization: `bearer ${bearer}`,
        'apns-topic': topic,
        'apns-push-type': 'background',
        'apns-priority': '5',
        'content-type': 'application/json',
      });
    } catch (error) {
      failed((error as Error).message);
      return;
    }
    let status = 0;
    let body = '';
    request.setEncoding('utf8');
    request.setTimeout(PUSH_TIMEOUT_MS, () => {
      request.close(constants.NGHTTP2_CANCEL);
      failed('timeout');
    });
    request.on('response', (headers) => (status = Number(headers[':status'])));
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const outcome = apnsOutcome(status, body);
      if (outcome === PushOutcome.Failed) log('warn', 'apns refused a push', { status, body: body.slice(0, 200) });
      resolve({ outcome, status });
    });
    request.on('error', (error: Error) => failed(error.message));
    request.end('{}');
  });
}
