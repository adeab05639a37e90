/**
 * @module
 * Networks named by address or CIDR (`10.0.0.0/8`, `127.0.0.1`, `fd00::/8`), and whether an
 * address lies in one: how the operator names the proxies they trust (`SLEEVE_TRUST_PROXY`).
 * Every address is taken as IPv6, an IPv4 one as its IPv4-mapped form, so `10.0.0.0/8` also
 * holds `::ffff:10.1.2.3`, as a dual-stack socket reports an IPv4 peer.
 */
import { addressGroups } from './ip-address.ts';

export interface Network {
  /** The network's eight 16-bit groups, the bits past its prefix zero. */
  readonly groups: readonly number[];
  /** Its prefix length, 0 to 128, counted over the IPv6 form. */
  readonly bits: number;
}

/** Names that stand for several networks, so an operator need not write them out. */
const NAMED: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function masked(groups: readonly number[], bits: number): number[] {
  return groups.map((group, i) => {
    const kept = Math.min(16, Math.max(0, bits - i * 16));
    return kept === 0 ? 0 : group & (0xffff << (16 - kept)) & 0xffff;
  });
}

/** One network from `address` or `address/bits`; undefined if it is not one. */
function networkOf(text: string): Network | undefined {
  const [address = '', length, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const groups = addressGroups(address);
  if (groups === undefined) return undefined;
  const v4 = !address.includes(':');
  const max = v4 ? 32 : 128;
  if (length !== undefined && !/^\d{1,3}$/.test(length)) return undefined;
  const given = length === undefined ? max : Number(length);
  if (given > max) return undefined;
  const bits = v4 ? 96 + given : given;
  return { groups: masked(groups, bits), bits };
}

/**
 * The networks of a list of addresses, CIDRs and the names `loopback` and `private`; throws
 * a TypeError naming the first entry that is none of these.
 */
export function parseNetworks(entries: readonly string[]): Network[] {
  const networks: Network[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    const named = NAMED[entry];
    const found = named ? named.map(networkOf) : [networkOf(entry)];
    if (entry === '' || found.some((n) => n === undefined))
      throw new TypeError(`not an address, a CIDR, loopback or private: ${JSON.stringify(raw)}`);
    networks.push(...(found as Network[]));
  }
  return networks;
}

/** Whether `address` lies in one of `networks`; false for what is not an address. */
export function inNetworks(address: string, networks: readonly Network[]): boolean {
  const groups = addressGroups(address);
  if (groups === undefined) return false;
  return networks.some((network) => masked(groups, network.bits).every((g, i) => g === network.groups[i]));
}
