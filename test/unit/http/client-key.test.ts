import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../core/http/conn/client-key.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4, in either spelling', () => {
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(clientKey('[::ffff:192.0.2.1]')).toBe('192.0.2.1');
  });

  it('keys every address of one /64 alike, and another /64 apart', () => {
    const one = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:abcd::9',
      '2001:db8:1:2::1%eth0',
    ];
    const keys = new Set(one.map((a) => clientKey(a)));
    expect([...keys]).toEqual(['2001:db8:1:2::/64']);
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('takes another prefix: /48 folds more, /128 is the whole address', () => {
    expect(clientKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(clientKey('2001:db8:1:ff00::1', 56)).toBe('2001:db8:1:ff00::/56');
    expect(clientKey('2001:db8:1:ffff::1', 56)).toBe('2001:db8:1:ff00::/56');
    expect(clientKey('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1');
  });

  it('keeps loopback and short forms apart from each other', () => {
    expect(clientKey('::1', 128)).toBe('0:0:0:0:0:0:0:1');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('returns what is not an address unchanged', () => {
    for (const text of ['unknown', '1:2:3', ':::', '1::2::3', 'zz::1', '1:2:3:4:5:6:7:8:9', '::ffff:300.1.1.1'])
      expect(clientKey(text)).toBe(text);
  });
});
