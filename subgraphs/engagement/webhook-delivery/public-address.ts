/**
 * Which addresses a webhook may be sent to in production: public unicast only. An IPv6 address that
 * carries an IPv4 address is judged as that IPv4 address, so `::ffff:127.0.0.1` or `::7f00:1` is
 * loopback, not "some IPv6 address":
 * - IPv4-mapped `::ffff:a.b.c.d` (`::ffff:0:0/96`) and IPv4-compatible `::a.b.c.d` (`::/96`, deprecated
 *   but still parsed and routed by some stacks), in any spelling (`::ffff:7f00:1`, `::a00:1`,
 *   `0:0:0:0:0:ffff:127.0.0.1`, which WHATWG URL parsing normalises to the hexadecimal form);
 * - NAT64 `64:ff9b::/96` (RFC 6052's well-known prefix): a DNS64 resolver answers it for IPv4-only
 *   names, and the translator connects to the IPv4 address in its last 32 bits;
 * - 6to4 `2002:aabb:ccdd::/48` (RFC 3056): the IPv4 address in bits 16 to 47.
 * `::` and `::1` themselves stay the IPv6 unspecified and loopback addresses (refused either way).
 * Every other special IPv6 range ipaddr.js names (local-use NAT64 `64:ff9b:1::/48`, Teredo, ORCHID,
 * documentation, …) is refused outright.
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** The IPv4 address built from two 16-bit parts. */
function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), else null. */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  // ::/96 holds :: and ::1, which are IPv6's own unspecified and loopback addresses.
  if (address.match(IPV4_COMPATIBLE) && address.range() === 'unicast') return ipv4Of(parts[6]!, parts[7]!);
  if (address.match(NAT64)) return ipv4Of(parts[6]!, parts[7]!);
  if (address.match(SIX_TO_FOUR)) return ipv4Of(parts[1]!, parts[2]!);
  return null;
}

/** `address` parsed (a zone index such as `%eth0` dropped), or null when it is not an IP address. */
function parsed(address: string | Address): Address | null {
  if (typeof address !== 'string') return address;
  try {
    return ipaddr.parse(address.replace(/%.*$/, ''));
  } catch {
    return null;
  }
}

/** True when `address` is a public unicast address, an IPv6 address carrying IPv4 judged as that IPv4. */
export function isPublicAddress(address: string | Address): boolean {
  const ip = parsed(address);
  if (!ip) return false;
  const carried = ip.kind() === 'ipv6' ? embeddedIPv4(ip as ipaddr.IPv6) : null;
  // Everything ipaddr.js names (private, loopback, linkLocal, carrierGradeNat, multicast, uniqueLocal,
  // unspecified, reserved, teredo, …) except plain unicast is refused.
  return (carried ?? ip).range() === 'unicast';
}
