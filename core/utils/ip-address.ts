/**
 * @module
 * An IP address as numbers: its eight 16-bit groups, an IPv4 address as its IPv4-mapped IPv6
 * form. What keying a client by its network (`clientKey`) and matching a trusted proxy's
 * network both read.
 */

/** The IPv6 prefix a client is keyed by unless the operator says otherwise: one subscriber's /64. */
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

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight groups of an IPv4 or IPv6 address (IPv4 as `::ffff:a.b.c.d`), or undefined if it is neither. */
export function addressGroups(address: string): number[] | undefined {
  if (address.includes(':')) return groupsOf(address);
  const octets = IPV4.exec(address);
  if (!octets || octets.slice(1).some((o) => Number(o) > 255)) return undefined;
  return groupsOf(`::ffff:${address}`);
}
