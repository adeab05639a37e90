/**
 * @module
 * The options that say how a client is told (`trustProxy`, `clientIpHeader`, `ipv6Prefix`),
 * checked once as Sleeve is created: a bad one throws a TypeError saying what it accepts,
 * rather than letting every client share one count or pick its own.
 */
import { CLIENT_IP_HEADERS, type ClientAddressing, type ClientIpHeader } from './client-ip.ts';
import { DEFAULT_IPV6_PREFIX } from './client-key.ts';
import { parseTrust, type TrustProxyOption } from './trust-proxy.ts';

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
