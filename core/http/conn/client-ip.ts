/**
 * @module
 * D8, D54: the client a rate limit counts. The adapter's socket address, unless the operator
 * says which proxy in front is trusted (`wiring/client-addressing.ts`): then the address that proxy added to
 * the one forwarding header Sleeve reads (`X-Forwarded-For` unless told otherwise). Its list is
 * read from the right, the end the trusted proxies wrote: the client is the entry the last
 * trusted hop added, never the leftmost, which a client writes itself when a proxy appends.
 * With the proxies named by address, the header counts only when the socket's peer is one of
 * them. Other forwarding headers are ignored: any client can send them.
 *
 * A forwarded value that is not an address (at most 45 characters of hex digits, dots and
 * colons, as IPv6 with IPv4 at its end) is not taken: every count and queue is keyed by it,
 * and a client could otherwise make each key 16 KiB long.
 *
 * What callers count is the client's key (`client-key.ts`): an IPv6 address by its network.
 */
import type { Context } from 'hono';
import { bindings, type SleeveBindings } from '../context.ts';
import { detachedString } from '../../utils/detached-string.ts';
import { setBounded } from '../../utils/bounded-map.ts';
import type { HeaderReader } from '../hit/request-view.ts';
import { clientKey } from './client-key.ts';
import { inNetworks, type Network } from '../../utils/ip-networks.ts';
import type { ClientAddressing, ClientIpHeader } from '../../wiring/client-addressing.ts';

const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

/** An entry of a forwarding header as an address: quotes, brackets and a port dropped; undefined if it is none. */
function addressOf(entry: string | undefined): string | undefined {
  if (entry === undefined) return undefined;
  let text = entry.trim();
  if (text.startsWith('"') && text.endsWith('"') && text.length > 1) text = text.slice(1, -1);
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    // `[2001:db8::1]` or `[2001:db8::1]:4711`.
    if (close < 0 || (close + 1 < text.length && text[close + 1] !== ':')) return undefined;
    text = text.slice(1, close);
  } else if (text.includes('.')) {
    // `192.0.2.1:8080`, as Azure's gateway writes it; an IPv6 address with IPv4 at its end has more colons.
    const colon = text.indexOf(':');
    if (colon > 0 && colon === text.lastIndexOf(':')) text = text.slice(0, colon);
  }
  return ADDRESS.test(text) ? detachedString(text) : undefined;
}

/** The `for=` of one element of a `Forwarded` header (`for=192.0.2.1;proto=https`). */
function forOf(element: string): string | undefined {
  return /(?:^|;)\s*for=("[^"]*"|[^;]*)/i.exec(element)?.[1];
}

/** The header's entries, left to right: the client first, each proxy's peer after it. */
function entriesOf(headers: HeaderReader, header: ClientIpHeader): (string | undefined)[] {
  const value = headers.get(header);
  if (value === null) return [];
  if (header === 'x-forwarded-for') return value.split(',');
  if (header === 'forwarded') return value.split(',').map(forOf);
  // X-Real-IP and CF-Connecting-IP name one address, taken whole.
  return [value];
}

/** Peers recently found trusted or not: a proxy's next request parses nothing. */
const REMEMBERED = 1024;
const judged = new WeakMap<readonly Network[], Map<string, boolean>>();

function trusted(address: string, networks: readonly Network[]): boolean {
  let memo = judged.get(networks);
  if (memo === undefined) judged.set(networks, (memo = new Map()));
  let verdict = memo.get(address);
  if (verdict === undefined) {
    verdict = inNetworks(address, networks);
    if (address.length <= 64) setBounded(memo, address, verdict, REMEMBERED);
  }
  return verdict;
}

/** The client's full address, as the request log writes it. */
export function clientAddressOf(
  headers: HeaderReader,
  env: SleeveBindings,
  addressing: ClientAddressing,
): string | undefined {
  const { trust } = addressing;
  const socket = env.clientIp;
  if (trust.kind === 'none') return socket;
  if (trust.kind === 'hops') {
    const entries = entriesOf(headers, addressing.header);
    if (entries.length === 0) return socket;
    // The socket's peer is the first trusted hop; the n-th wrote the entry n from the right.
    // A shorter list (a hop that did not add one) gives its leftmost, the farthest any proxy saw.
    return addressOf(entries[Math.max(0, entries.length - trust.hops)]) ?? socket;
  }
  if (socket === undefined || !trusted(socket, trust.networks)) return socket;
  const entries = entriesOf(headers, addressing.header);
  let nearest = socket;
  for (let i = entries.length - 1; i >= 0; i--) {
    const address = addressOf(entries[i]);
    // Not an address: a trusted proxy passed on what it was sent; the last one known stands.
    if (address === undefined) return nearest;
    if (!trusted(address, trust.networks)) return address;
    nearest = address;
  }
  return nearest;
}

/** The key the client is counted under (`clientKey`), from a request's headers and the adapter's bindings. */
export function clientIpOf(
  headers: HeaderReader,
  env: SleeveBindings,
  addressing: ClientAddressing,
): string | undefined {
  const address = clientAddressOf(headers, env, addressing);
  return address === undefined ? undefined : clientKey(address, addressing.ipv6Prefix);
}

/** `clientIpOf` for a request in the frame. */
export function clientIp(c: Context, addressing: ClientAddressing): string | undefined {
  return clientIpOf(c.req.raw.headers, bindings(c), addressing);
}

/** `clientAddressOf` for a request in the frame. */
export function clientAddress(c: Context, addressing: ClientAddressing): string | undefined {
  return clientAddressOf(c.req.raw.headers, bindings(c), addressing);
}

/**
 * How a server counts a connection's peer toward a per-client share of its connections: the
 * peer's key, or undefined for a peer no share applies to. A trusted proxy carries many
 * clients on its connections, so it is never counted as one; with a hop count any peer may be
 * the proxy, so no peer is (undefined in place of the function).
 */
export function connectionClient(addressing: ClientAddressing): ((address: string) => string | undefined) | undefined {
  const { trust, ipv6Prefix } = addressing;
  if (trust.kind === 'hops') return undefined;
  if (trust.kind === 'none') return (address) => clientKey(address, ipv6Prefix);
  return (address) => (inNetworks(address, trust.networks) ? undefined : clientKey(address, ipv6Prefix));
}
