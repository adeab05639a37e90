/**
 * @module
 * The key a client is counted under, from its address. One IPv6 subscriber is usually given a
 * whole /64 (and often more), and picks any address in it at will: keyed by the whole address,
 * it would get a fresh limit per address. So an IPv6 address counts as its network of
 * `ipv6Prefix` bits (64 by default), and an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a
 * dual-stack socket reports an IPv4 peer) as the IPv4 address it carries. Every per-client
 * bound (rate limits, sockets, connections, AI budgets, the upstream fair queue) keys by this.
 */
import { setBounded } from '../../utils/bounded-map.ts';
import { DEFAULT_IPV6_PREFIX, groupsOf } from '../../utils/ip-address.ts';

export { DEFAULT_IPV6_PREFIX };

/** `2001:db8:1:2::/64`: the network of `groups` under `prefix` bits, its groups in short hex. */
function network(groups: number[], prefix: number): string {
  if (prefix >= 128) return groups.map((g) => g.toString(16)).join(':');
  const kept = groups.map((group, i) => {
    const bits = Math.min(16, Math.max(0, prefix - i * 16));
    return bits === 0 ? 0 : group & (0xffff << (16 - bits)) & 0xffff;
  });
  const shown = Math.ceil(prefix / 16);
  return `${kept
    .slice(0, shown)
    .map((g) => g.toString(16))
    .join(':')}::/${prefix}`;
}

/** Keys of recent IPv6 addresses: the same client's next request parses nothing. */
const REMEMBERED = 1024;
const remembered = new Map<string, string>();

/**
 * The client's key: IPv4 as it is; an IPv4-mapped IPv6 address as its IPv4; another IPv6
 * address as its network of `ipv6Prefix` bits (1 to 128). Anything else is returned unchanged.
 */
export function clientKey(address: string, ipv6Prefix: number = DEFAULT_IPV6_PREFIX): string {
  // Most clients are IPv4: no colon, nothing to do.
  if (!address.includes(':')) return address;
  const memo = `${ipv6Prefix}|${address}`;
  const known = remembered.get(memo);
  if (known !== undefined) return known;
  const groups = groupsOf(address);
  let key = address;
  if (groups !== undefined) {
    const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
    key = mapped
      ? `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`
      : network(groups, ipv6Prefix);
  }
  if (address.length <= 64) setBounded(remembered, memo, key, REMEMBERED);
  return key;
}
