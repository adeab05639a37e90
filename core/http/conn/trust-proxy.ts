/**
 * @module
 * Which proxy in front of Sleeve is trusted to name the client (D54): none, a number of hops,
 * or the proxies' own addresses. `createSleeve({ trustProxy })` and `SLEEVE_TRUST_PROXY` take
 * the same forms: `false`/`0` none, `true`/`1` one hop, `N` hops, or addresses and CIDRs
 * (`'10.0.0.0/8,127.0.0.1'` or a list; `loopback` and `private` name their ranges).
 */
import { parseNetworks, type Network } from './ip-networks.ts';

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
