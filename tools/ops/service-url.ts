/**
 * Where the operator CLI finds the service: `--url`, else the URL the service itself announces (`PUBLIC_URL`,
 * else `http://localhost:$PORT`, `PORT` default 4000), so `PORT=4100 npm start` and `PORT=4100 npm run ops`
 * meet. When nothing answers there, one line says which URL was tried and how to point the CLI elsewhere.
 */
import type { PublicUrlSetting } from '../../subgraphs/kernel/env.js';

/** The base URL the CLI calls and what chose it. */
export interface ServiceUrl {
  readonly url: string;
  readonly from: '--url' | PublicUrlSetting['from'];
}

/** `--url` (when given) wins over the service's own setting. */
export function serviceUrl(flagUrl: string | undefined, setting: PublicUrlSetting): ServiceUrl {
  return flagUrl !== undefined ? { url: flagUrl.replace(/\/$/, ''), from: '--url' } : setting;
}

const ORIGINS: Readonly<Record<ServiceUrl['from'], string>> = {
  '--url': 'from --url',
  PUBLIC_URL: 'from PUBLIC_URL',
  PORT: 'from PORT',
  default: 'the default; neither PUBLIC_URL nor PORT is set',
};

/** The help line naming the default URL and where it came from. */
export function serviceUrlHelp(setting: ServiceUrl): string {
  return `Service URL: ${setting.url} (${ORIGINS[setting.from]}). --url URL overrides it; GraphQL commands use GATEWAY_URL when set.`;
}

/** No HTTP answer from `url` (refused, unresolvable, timed out). */
export class ServiceUnreachable extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(
      `Nothing answered at ${url} (${reason}). Start the service (npm start), or point the CLI at it with --url URL, or set PORT or PUBLIC_URL as the service has them.`,
    );
  }
}

/** The network reason of a failed `fetch`: the cause's code (ECONNREFUSED) or message. */
export function unreachableReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as (Error & { code?: string }) | undefined;
  return cause?.code ?? (cause?.message || error.message);
}
