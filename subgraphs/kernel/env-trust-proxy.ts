/**
 * `TRUST_PROXY`: the proxies whose `X-Forwarded-For` decides the client address (rate-limit buckets,
 * sign-in throttles, audit rows). A setting that trusts every address would let any client pick its
 * own address, so it is refused at start-up rather than quietly honoured.
 */
import ipaddr from 'ipaddr.js';

/** The names express (proxy-addr) knows for address ranges. */
const RANGE_NAMES: Readonly<Record<string, string>> = {
  loopback: '127.0.0.0/8, ::1',
  linklocal: '169.254.0.0/16, fe80::/10',
  uniquelocal: '10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7',
};

/** The default: a reverse proxy on the same host (or in the same pod's network namespace). */
export const DEFAULT_TRUST_PROXY = 'loopback';

/** Values that trust no proxy: X-Forwarded-For is ignored and the socket's peer is the client. */
const NONE = new Set(['none', 'false']);

/** Why one entry of the list cannot be used, or null when it can. */
function entryProblem(entry: string): string | null {
  if (entry in RANGE_NAMES) return null;
  if (entry === 'true' || entry === '*' || entry === 'all' || /^\d+$/.test(entry)) {
    return `"${entry}" would trust every address (any client could choose its own address); name the proxies instead`;
  }
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || !ipaddr.isValid(address)) {
    return `"${entry}" is not loopback, linklocal, uniquelocal, an IP address or a CIDR range`;
  }
  if (prefix === undefined) return null;
  const ip = ipaddr.parse(address);
  const max = ip.kind() === 'ipv4' ? 32 : 128;
  const bits = /^\d+$/.test(prefix)
    ? Number(prefix)
    : ip.kind() === 'ipv4' && ipaddr.IPv4.isValidFourPartDecimal(prefix)
      ? ipaddr.IPv4.parse(prefix).prefixLengthFromSubnetMask()
      : null;
  if (bits === null || bits > max) return `"${entry}" has an invalid prefix length or netmask`;
  if (bits === 0) return `"${entry}" would trust every address (any client could choose its own address)`;
  return null;
}

/**
 * The express `trust proxy` value of `raw` (a comma-separated list of loopback, linklocal,
 * uniquelocal, IP addresses and CIDR ranges; `none` for no proxy; unset: {@link DEFAULT_TRUST_PROXY}).
 * Calls `fail` with a one-line message (naming TRUST_PROXY) for a value that trusts every address
 * (`true`, `*`, a hop count, `0.0.0.0/0`, `::/0`) or that is not understood.
 */
export function trustProxySetting(raw: string | undefined, fail: (message: string) => never): string | false {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return DEFAULT_TRUST_PROXY;
  if (NONE.has(value)) return false;
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) fail(`TRUST_PROXY: ${problem}`);
  }
  return entries.join(', ');
}

/**
 * What the start-up log says about client addresses: which proxies are trusted and that their
 * X-Forwarded-For decides the client address.
 */
export function trustProxyNotice(setting: string | false): string {
  if (setting === false) {
    return 'TRUST_PROXY=none: X-Forwarded-For is ignored; the connecting address is the client address';
  }
  const described = setting
    .split(', ')
    .map((entry) => (RANGE_NAMES[entry] ? `${entry} (${RANGE_NAMES[entry]})` : entry))
    .join(', ');
  return (
    `TRUST_PROXY=${setting}: X-Forwarded-For sent by ${described} decides the client address ` +
    '(rate limits, throttles); such a proxy must overwrite or append to it, never pass a client-sent one on'
  );
}
