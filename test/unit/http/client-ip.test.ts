/**
 * D54: the client behind a proxy is the address the trusted proxy added, read from the right
 * of the one configured header; the proxies are trusted by hop count or by address; every
 * client is keyed by its network (`clientKey`).
 */
import { describe, expect, it } from 'vitest';
import { clientAddressOf, clientIpOf } from '../../../core/http/conn/client-ip.ts';
import { parseTrust, resolveAddressing, type AddressingOptions } from '../../../core/wiring/client-addressing.ts';
import { optionsFromEnv } from '../../../core/wiring/config.ts';
import { echoEndpoint, frameEndpoints, testApp } from '../../helpers/http/app.ts';

const PROXY = '10.0.0.2';
const address = (options: AddressingOptions, headers: Record<string, string>, socket: string | undefined = PROXY) =>
  clientAddressOf(new Headers(headers), { clientIp: socket }, resolveAddressing(options));

describe('the client behind trusted hops', () => {
  it('is the entry the last trusted hop added, never the leftmost the client wrote', () => {
    const xff = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' };
    expect(address({ trustProxy: true }, xff)).toBe('203.0.113.9');
    expect(address({ trustProxy: 1 }, xff)).toBe('203.0.113.9');
    expect(address({ trustProxy: '1' }, xff)).toBe('203.0.113.9');
    // Two hops (a CDN, then a load balancer): the entry the farther one added.
    expect(address({ trustProxy: 2 }, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 198.51.100.1' })).toBe('203.0.113.9');
    // A shorter list than the hops: its leftmost, the farthest any proxy saw.
    expect(address({ trustProxy: 3 }, { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    // Repeated header lines are one list.
    const repeated = new Headers();
    repeated.append('x-forwarded-for', '6.6.6.6');
    repeated.append('x-forwarded-for', '203.0.113.9');
    expect(clientAddressOf(repeated, { clientIp: PROXY }, resolveAddressing({ trustProxy: 1 }))).toBe('203.0.113.9');
  });

  it('is the socket without trust, without the header, or when the entry is not an address', () => {
    const xff = { 'x-forwarded-for': '203.0.113.9' };
    expect(address({}, xff)).toBe(PROXY);
    expect(address({ trustProxy: false }, xff)).toBe(PROXY);
    expect(address({ trustProxy: 0 }, xff)).toBe(PROXY);
    expect(address({ trustProxy: '0' }, xff)).toBe(PROXY);
    expect(address({ trustProxy: 1 }, {})).toBe(PROXY);
    expect(address({ trustProxy: 1 }, { 'x-forwarded-for': '203.0.113.9, not-an-ip' })).toBe(PROXY);
  });
});

describe('the client behind proxies trusted by address', () => {
  const trustProxy = '10.0.0.0/8,127.0.0.1';
  it('reads the header only when the socket peer is trusted', () => {
    const xff = { 'x-forwarded-for': '203.0.113.9' };
    expect(address({ trustProxy }, xff)).toBe('203.0.113.9');
    expect(address({ trustProxy }, xff, '127.0.0.1')).toBe('203.0.113.9');
    expect(address({ trustProxy }, xff, '::ffff:10.9.9.9')).toBe('203.0.113.9');
    // A client reaching the port directly: its own address, whatever it says.
    expect(address({ trustProxy }, xff, '198.51.100.50')).toBe('198.51.100.50');
    expect(clientAddressOf(new Headers(xff), {}, resolveAddressing({ trustProxy }))).toBeUndefined();
  });

  it('is the rightmost untrusted entry; the leftmost when every one is trusted', () => {
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.1.1, 10.2.2.2' };
    expect(address({ trustProxy }, chain)).toBe('203.0.113.9');
    expect(address({ trustProxy: ['10.0.0.0/8'] }, { 'x-forwarded-for': '10.1.1.1, 10.2.2.2' })).toBe('10.1.1.1');
    expect(address({ trustProxy: 'private' }, chain)).toBe('203.0.113.9');
    expect(address({ trustProxy: 'loopback' }, chain, '::1')).toBe('10.2.2.2');
    expect(address({ trustProxy: 'fd00::/8' }, { 'x-forwarded-for': '2001:db8::5, fd00::7' }, 'fd00::1')).toBe(
      '2001:db8::5',
    );
    // An entry that is no address stops the walk at the last trusted one before it.
    expect(address({ trustProxy }, { 'x-forwarded-for': 'junk, 10.1.1.1' })).toBe('10.1.1.1');
  });
});

describe('the one configured header', () => {
  const all = {
    forwarded: 'for=6.6.6.1, for="[2001:db8:cafe::17]:4711";proto=https',
    'x-forwarded-for': '6.6.6.2, 203.0.113.2',
    'x-real-ip': '203.0.113.3',
    'cf-connecting-ip': '203.0.113.4',
  };
  it('is read, and the others are ignored', () => {
    expect(address({ trustProxy: 1 }, all)).toBe('203.0.113.2');
    expect(address({ trustProxy: 1, clientIpHeader: 'forwarded' }, all)).toBe('2001:db8:cafe::17');
    expect(address({ trustProxy: 1, clientIpHeader: 'x-real-ip' }, all)).toBe('203.0.113.3');
    expect(address({ trustProxy: 1, clientIpHeader: 'CF-Connecting-IP' as never }, all)).toBe('203.0.113.4');
    // Only Forwarded sent, X-Forwarded-For read: the socket.
    expect(address({ trustProxy: 1 }, { forwarded: 'for=6.6.6.6', 'x-real-ip': '6.6.6.7' })).toBe(PROXY);
  });

  it('takes a single-valued header whole, and drops a port from an entry', () => {
    expect(address({ trustProxy: 2, clientIpHeader: 'x-real-ip' }, all)).toBe('203.0.113.3');
    expect(address({ trustProxy: 1, clientIpHeader: 'x-real-ip' }, { 'x-real-ip': '6.6.6.6, 7.7.7.7' })).toBe(PROXY);
    expect(address({ trustProxy: 1 }, { 'x-forwarded-for': '203.0.113.9:41234' })).toBe('203.0.113.9');
    expect(address({ trustProxy: 1 }, { 'x-forwarded-for': '[2001:db8::9]:41234' })).toBe('2001:db8::9');
    expect(address({ trustProxy: 1, clientIpHeader: 'forwarded' }, { forwarded: 'proto=https;for=unknown' })).toBe(
      PROXY,
    );
  });
});

describe('the key a client is counted under', () => {
  it('is its IPv6 network of ipv6Prefix bits, and an IPv4-mapped address as its IPv4', () => {
    const key = (socket: string, ipv6Prefix?: number) =>
      clientIpOf(new Headers(), { clientIp: socket }, resolveAddressing({ ipv6Prefix }));
    expect(key('2001:db8:60::1')).toBe('2001:db8:60:0::/64');
    expect(key('2001:db8:60::2')).toBe(key('2001:db8:60::1'));
    expect(key('2001:db8:60::1', 56)).toBe('2001:db8:60:0::/56');
    expect(key('2001:db8:60::1', 128)).toBe('2001:db8:60:0:0:0:0:1');
    expect(key('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(key('192.0.2.7')).toBe('192.0.2.7');
  });

  it('keys the rate limit, full path and hit path: forty addresses of one /64 share one limit', async () => {
    for (const cache of ['no-store', undefined] as const) {
      const echo = echoEndpoint({ rateLimit: 30, cache });
      const app = testApp([...frameEndpoints, echo.endpoint]);
      const statuses: number[] = [];
      for (let i = 1; i <= 40; i++)
        statuses.push((await app.fetch('/t/echo?query=a', { ip: `2001:db8:60::${i}` })).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      // Another /64 has its own.
      expect((await app.fetch('/t/echo?query=a', { ip: '2001:db8:61::1' })).status).toBe(200);
    }
  });
});

describe('the settings', () => {
  it('SLEEVE_TRUST_PROXY takes 0, 1, a hop count, or addresses and CIDRs', () => {
    const trust = (value: string) => optionsFromEnv({ SLEEVE_TRUST_PROXY: value }).options.trustProxy;
    for (const value of ['0', '1', 'true', 'false', '2', '10.0.0.0/8,127.0.0.1', 'loopback,fd00::/8'])
      expect(trust(value)).toBe(value);
    for (const bad of ['yes', '33', '10.0.0.0/33', '10.0.0.0/8,,', 'example.com', '::1/129'])
      expect(() => trust(bad)).toThrow(/SLEEVE_TRUST_PROXY must be 0 \(none\), 1 .*CIDRs/);
    expect(parseTrust('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrust(true)).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrust('0')).toEqual({ kind: 'none' });
    expect(parseTrust(['127.0.0.1'])).toMatchObject({ kind: 'proxies' });
    expect(() => parseTrust('10.0.0.0/8,junk')).toThrow(
      /trustProxy: not an address, a CIDR, loopback or private: "junk"/,
    );
  });

  it('SLEEVE_CLIENT_IP_HEADER and SLEEVE_IPV6_PREFIX say what they accept', () => {
    expect(optionsFromEnv({ SLEEVE_CLIENT_IP_HEADER: 'CF-Connecting-IP' }).options.clientIpHeader).toBe(
      'cf-connecting-ip',
    );
    expect(() => optionsFromEnv({ SLEEVE_CLIENT_IP_HEADER: 'x-client-ip' })).toThrow(
      /SLEEVE_CLIENT_IP_HEADER must be x-forwarded-for \(default\), forwarded, x-real-ip or cf-connecting-ip/,
    );
    expect(optionsFromEnv({ SLEEVE_IPV6_PREFIX: '56' }).options.ipv6Prefix).toBe(56);
    expect(() => optionsFromEnv({ SLEEVE_IPV6_PREFIX: '129' })).toThrow(/SLEEVE_IPV6_PREFIX must be a whole number/);
    expect(() => resolveAddressing({ clientIpHeader: 'x-client-ip' })).toThrow(/clientIpHeader must be one of/);
    expect(() => resolveAddressing({ ipv6Prefix: 0 })).toThrow(/ipv6Prefix must be/);
  });
});
