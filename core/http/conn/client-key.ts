/**
 * @module
 * The key a client is counted under, from its address. One IPv6 subscriber is usually given a
 * whole /64 (and often more), and picks any address in it at will: keyed by the whole address,
 * it would get a fresh limit per address. So an IPv6 address counts as its network of
 * `ipv6Prefix` bits (64 by default), and an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a
 * dual-stack socket reports an IPv4 peer) as the IPv4 address it carries. Every per-client
 * bound (rate limits, sockets, connections, AI budgets, the upstream fair queue) keys by this.
 */
import { setBounded } from '../query-memo.ts';

/** The IPv6 prefix a client is keyed by unless the operator says otherwise. */
export const DEFAULT_IPV6_PREFIX = 64;

/** The eight 16-bit groups of an IPv6 address (zone and brackets dropped), or undefined if it is not one. */
export function groupsOf(address: string): number[] | undefined {
  let text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // An IPv4 address at the end stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const octets = tail.split('.');
    if (octets.length !== 4 || !octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)) return undefined;
    const [a, b, c, d] = octets.map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return groups.map((g) => Number.parseInt(g, 16));
}

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
