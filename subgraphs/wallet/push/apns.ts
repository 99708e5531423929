/**
 * APNs over HTTP/2 (Apple: "Sending notification requests to APNs"), authenticated one of two ways:
 * - token: each request carries `authorization: bearer <ES256 JWT>` signed with the team's .p8 key
 *   (`kid` the key id, `iss` the team id, `iat`), reused for 50 minutes (Apple refuses tokens older than
 *   an hour and throttles ones refreshed more often than every 20 minutes);
 * - certificate: the TLS connection presents the pass type id certificate (the one that signs the
 *   passes) as its client certificate, and requests carry no `authorization` header (Apple's Wallet
 *   guide, "Updating a pass"; "Establishing a certificate-based connection to APNs").
 * A Wallet pass update is an empty JSON payload `{}` on the pass type id as topic; the device then asks
 * the pass web service what changed. One HTTP/2 connection per batch of device tokens. The server
 * certificate is verified against the CAs Node trusts plus, when given, `ca` (APNS_CA_FILE: tests, relays).
 */
import { connect, constants, type SecureClientSessionOptions } from 'node:http2';
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { getCACertificates } from 'node:tls';
import { SignJWT } from 'jose';
import { log } from '../../kernel/logger.js';
import { PUSH_TIMEOUT_MS, PushOutcome } from './push-transport.js';

/** Where APNs is and which extra CAs vouch for its server certificate. */
interface ApnsEndpoint {
  /** e.g. `https://api.push.apple.com`; `http://` is HTTP/2 without TLS (local fakes). */
  readonly url: string;
  /** PEM certificates trusted for the server besides the CAs Node trusts (never instead of them). */
  readonly ca?: string;
}

/** Token authentication: what signs APNs provider tokens. */
export interface ApnsTokenCredentials extends ApnsEndpoint {
  readonly kind: 'token';
  readonly key: KeyObject;
  readonly keyId: string;
  readonly teamId: string;
}

/** Certificate authentication: the pass type id certificate and its key, PEM. */
export interface ApnsCertificateCredentials extends ApnsEndpoint {
  readonly kind: 'certificate';
  readonly cert: string;
  readonly key: string;
  readonly passphrase?: string;
}

export type ApnsCredentials = ApnsTokenCredentials | ApnsCertificateCredentials;

/** How long a provider token is reused. */
export const APNS_TOKEN_TTL_MS = 50 * 60_000;

const providerTokens = new Map<string, { token: string; issuedAt: number }>();
const keyFingerprints = new WeakMap<KeyObject, string>();

/**
 * Which cached provider token belongs to these credentials: team, key id and the key itself (its
 * public key's SHA-256), so a different key under the same key id never reuses another key's token.
 */
function tokenCacheKey(credentials: ApnsTokenCredentials): string {
  let fingerprint = keyFingerprints.get(credentials.key);
  if (fingerprint === undefined) {
    const spki = createPublicKey(credentials.key).export({ type: 'spki', format: 'der' });
    fingerprint = createHash('sha256').update(spki).digest('base64url');
    keyFingerprints.set(credentials.key, fingerprint);
  }
  return `${credentials.teamId}.${credentials.keyId}.${fingerprint}`;
}

/** The cached provider token of (team, key), signed again after {@link APNS_TOKEN_TTL_MS}. */
export async function providerToken(credentials: ApnsTokenCredentials, now = Date.now()): Promise<string> {
  const cacheKey = tokenCacheKey(credentials);
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
const forgetProviderToken = (credentials: ApnsTokenCredentials) => providerTokens.delete(tokenCacheKey(credentials));

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

/**
 * The TLS options of a connection: the client certificate, if any, and `ca` added to the CAs Node
 * trusts by default (its bundled roots, NODE_EXTRA_CA_CERTS, the system's with --use-system-ca).
 */
export function apnsConnectOptions(credentials: ApnsCredentials): SecureClientSessionOptions {
  const options: SecureClientSessionOptions = credentials.ca
    ? { ca: [...getCACertificates('default'), credentials.ca] }
    : {};
  if (credentials.kind === 'token') return options;
  const { cert, key, passphrase } = credentials;
  return { ...options, cert, key, ...(passphrase ? { passphrase } : {}) };
}

/** Sends the empty pass update to every token on one connection; one outcome per token, in order. */
export async function pushPassUpdates(
  credentials: ApnsCredentials,
  deviceTokens: readonly string[],
  topic: string,
): Promise<PushOutcome[]> {
  if (deviceTokens.length === 0) return [];
  const authorization = credentials.kind === 'token' ? `bearer ${await providerToken(credentials)}` : undefined;
  const session = connect(credentials.url, apnsConnectOptions(credentials));
  session.on('error', (error: Error) => log('warn', 'apns connection failed', { error: error.message }));
  session.setTimeout(PUSH_TIMEOUT_MS, () => session.destroy());
  try {
    const outcomes = await Promise.all(
      deviceTokens.map((deviceToken) => sendOne(session, authorization, deviceToken, topic)),
    );
    if (credentials.kind === 'token' && outcomes.some((o) => o.status === 403)) forgetProviderToken(credentials);
    return outcomes.map((o) => o.outcome);
  } finally {
    session.close();
  }
}

function sendOne(
  session: ReturnType<typeof connect>,
  authorization: string | undefined,
  deviceToken: string,
  topic: string,
): Promise<{ outcome: PushOutcome; status: number }> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: { outcome: PushOutcome; status: number }) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const failed = (reason: string) => {
      if (!settled) log('warn', 'apns push failed', { reason });
      settle({ outcome: PushOutcome.Failed, status: 0 });
    };
    let request;
    try {
      request = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
        ...(authorization ? { authorization } : {}),
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
      if (status === 0) return failed('closed without an answer');
      const outcome = apnsOutcome(status, body);
      if (outcome === PushOutcome.Failed) log('warn', 'apns refused a push', { status, body: body.slice(0, 200) });
      settle({ outcome, status });
    });
    request.on('error', (error: Error) => failed(error.message));
    // A stream closed without an answer (the connection refused or dropped): failed, never pending.
    request.on('close', () => failed('closed without an answer'));
    request.end('{}');
  });
}
