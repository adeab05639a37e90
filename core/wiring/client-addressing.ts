/**
 * @module
 * How a request's client is told, as the operator configures it (D54): which proxy in front is
 * trusted to name the client (`trustProxy`: none, a number of hops, or the proxies' own
 * addresses), the one forwarding header it names the client in (`clientIpHeader`), and how many
 * bits of an IPv6 address make one client (`ipv6Prefix`). `createSleeve` and the environment
 * take the same forms: `false`/`0` none, `true`/`1` one hop, `N` hops, or addresses and CIDRs
 * (`'10.0.0.0/8,127.0.0.1'` or a list; `loopback` and `private` name their ranges). Checked once,
 * as Sleeve is created: a bad one throws a TypeError saying what it accepts, rather than letting
 * every client share one count or pick its own. The reading itself is `http/conn/client-ip.ts`.
 */
import { DEFAULT_IPV6_PREFIX } from '../utils/ip-address.ts';
import { parseNetworks, type Network } from '../utils/ip-networks.ts';

/** The forwarding headers Sleeve can read the client from, one at a time (lower case). */
export const CLIENT_IP_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'cf-connecting-ip'] as const;
export type ClientIpHeader = (typeof CLIENT_IP_HEADERS)[number];

/** How a request's client is told: whom to trust, which header, and how IPv6 clients are grouped. */
export interface ClientAddressing {
  readonly trust: Trust;
  readonly header: ClientIpHeader;
  /** Bits of an IPv6 address that make one client (`clientKey`). */
  readonly ipv6Prefix: number;
}

/** What an embedder may give as `trustProxy`. */
export type TrustProxyOption = boolean | number | string | readonly string[];

/** The trust, as the client's address is read with it (`client-ip.ts`). */
export type Trust =
  /** Forwarding headers are ignored: the socket's peer is the client. */
  | { readonly kind: 'none' }
  /** The last `hops` proxies before Sleeve are trusted, whoever they are. */
  | { readonly kind: 'hops'; readonly hops: number }
  /** Proxies at these addresses are trusted, and no other. */
  | { readonly kind: 'proxies'; readonly networks: readonly Network[] };

/** More proxies than this in a row is a mistake, not a deployment. */
export const MAX_HOPS = 32;

const NONE: Trust = { kind: 'none' };

/** The trust a `trustProxy` option or `SLEEVE_TRUST_PROXY` value names; throws a TypeError saying what it accepts. */
export function parseTrust(option: TrustProxyOption | undefined): Trust {
  if (option === undefined || option === false) return NONE;
  if (option === true) return { kind: 'hops', hops: 1 };
  if (typeof option === 'number') return hopsOf(option, String(option));
  if (typeof option === 'string') {
    const text = option.trim().toLowerCase();
    if (text === 'true' || text === 'false') return parseTrust(text === 'true');
    if (/^\d+$/.test(text)) return hopsOf(Number(text), option);
    return proxies(text.split(','));
  }
  return proxies(option);
}

function hopsOf(hops: number, given: string): Trust {
  if (!Number.isInteger(hops) || hops < 0 || hops > MAX_HOPS)
    throw new TypeError(`trustProxy: a number of hops must be a whole number from 0 to ${MAX_HOPS} (got ${given})`);
  return hops === 0 ? NONE : { kind: 'hops', hops };
}

function proxies(entries: readonly string[]): Trust {
  if (entries.length === 0) return NONE;
  try {
    return { kind: 'proxies', networks: parseNetworks(entries) };
  } catch (error) {
    throw new TypeError(`trustProxy: ${(error as Error).message}`);
  }
}

export interface AddressingOptions {
  trustProxy?: TrustProxyOption;
  clientIpHeader?: ClientIpHeader | Uppercase<ClientIpHeader> | (string & {});
  ipv6Prefix?: number;
}

export function resolveAddressing(options: AddressingOptions): ClientAddressing {
  const header = (options.clientIpHeader ?? 'x-forwarded-for').toLowerCase();
  if (!(CLIENT_IP_HEADERS as readonly string[]).includes(header))
    throw new TypeError(
      `clientIpHeader must be one of ${CLIENT_IP_HEADERS.join(', ')} (got ${JSON.stringify(header)})`,
    );
  const ipv6Prefix = options.ipv6Prefix ?? DEFAULT_IPV6_PREFIX;
  if (!Number.isInteger(ipv6Prefix) || ipv6Prefix < 1 || ipv6Prefix > 128)
    throw new TypeError(`ipv6Prefix must be a whole number of bits from 1 to 128 (got ${ipv6Prefix})`);
  return { trust: parseTrust(options.trustProxy), header: header as ClientIpHeader, ipv6Prefix };
}
