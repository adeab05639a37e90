/**
 * Issue #42, D43: what stays alive between requests is bounded in what it really costs. The
 * memory storage counts strings as the heap holds them; held answers are bounded by bytes;
 * remembered memo keys hold no larger string; a forwarded address that is no address is not a
 * key; `/metrics` says what the process holds.
 */
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import { clientIpOf } from '../../../core/http/conn/client-ip.ts';
import { resolveAddressing } from '../../../core/wiring/client-addressing.ts';
import { detachedString } from '../../../core/utils/detached-string.ts';
import { setBoundedBytes } from '../../../core/utils/bounded-map.ts';
import { cacheBytes, stringHeapBytes } from '../../../core/storage/cache-bound.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import { KEPT_TEXT_LENGTH, keptFolds } from '../../../core/text/kept-folds.ts';

const MIB = 1024 * 1024;

describe('the cache bound', () => {
  it('shares one figure out: answers all of it, pictures half, cards a quarter', () => {
    expect(cacheBytes()).toEqual({ answers: 64 * MIB, images: 32 * MIB, cards: 16 * MIB });
    expect(cacheBytes(8)).toEqual({ answers: 8 * MIB, images: 4 * MIB, cards: 2 * MIB });
  });

  it('counts a string with a character past U+00FF at two bytes a character', () => {
    expect(stringHeapBytes('abc')).toBe(16 + 3);
    expect(stringHeapBytes('café')).toBe(16 + 4);
    expect(stringHeapBytes('caf€')).toBe(16 + 8);
  });

  it('the memory storage holds half as many two-byte answers as one-byte ones of the same length', async () => {
    const kept = async (char: string) => {
      const storage = storageFromSpec('memory', 4 * MIB);
      const value = char.repeat(MIB / 2);
      for (let i = 0; i < 20; i++) await storage.setItem(`k${i}`, value);
      return (await storage.getKeys()).length;
    };
    expect(await kept('x')).toBe(7);
    expect(await kept('€')).toBe(3);
  });
});

describe('byte-bounded memos', () => {
  it('evict the oldest until a value fits, refuse one larger than the bound, and recount a replaced key', () => {
    const map = new Map<string, number>();
    const size = (n: number) => n;
    setBoundedBytes(map, 'a', 40, 10, 100, size);
    setBoundedBytes(map, 'b', 40, 10, 100, size);
    setBoundedBytes(map, 'c', 40, 10, 100, size);
    expect([...map.keys()]).toEqual(['b', 'c']);
    setBoundedBytes(map, 'huge', 101, 10, 100, size);
    expect(map.has('huge')).toBe(false);
    setBoundedBytes(map, 'c', 10, 10, 100, size);
    setBoundedBytes(map, 'd', 50, 10, 100, size);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
    setBoundedBytes(map, 'e', 1, 3, 100, size);
    expect([...map.keys()]).toEqual(['c', 'd', 'e']);
  });

  it('detachedString gives an equal string', () => {
    const url = `http://x/search?${'q'.repeat(10_000)}`;
    expect(detachedString(url.slice(9, 40))).toBe(url.slice(9, 40));
  });

  it('folds of long texts are computed each time and not kept', () => {
    let folds = 0;
    const kept = keptFolds((text) => (folds++, text.toLowerCase()), 4);
    const long = 'A'.repeat(KEPT_TEXT_LENGTH + 1);
    kept(long);
    kept(long);
    kept('Short');
    kept('Short');
    expect(folds).toBe(3);
  });
});

describe('forwarded addresses under SLEEVE_TRUST_PROXY', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  const oneHop = resolveAddressing({ trustProxy: true });
  it('are taken when they look like an address, else the socket address is the client', () => {
    expect(clientIpOf(headers({ 'x-forwarded-for': '10.0.0.7, 203.0.113.9' }), { clientIp: '10.0.0.1' }, oneHop)).toBe(
      '203.0.113.9',
    );
    expect(clientIpOf(headers({ 'x-forwarded-for': '2001:db8::1' }), { clientIp: '10.0.0.1' }, oneHop)).toBe(
      '2001:db8:0:0::/64',
    );
    expect(clientIpOf(headers({ 'x-forwarded-for': 'x'.repeat(16_000) }), { clientIp: '10.0.0.1' }, oneHop)).toBe(
      '10.0.0.1',
    );
    const byForwarded = resolveAddressing({ trustProxy: true, clientIpHeader: 'forwarded' });
    expect(clientIpOf(headers({ forwarded: 'for=unknown' }), { clientIp: '10.0.0.1' }, byForwarded)).toBe('10.0.0.1');
  });
});

describe('/metrics', () => {
  it('says what the process holds when the adapter gives it', async () => {
    const sleeve = createSleeve({
      metrics: true,
      log: { info: () => {}, error: () => {} },
      processMemory: () => ({ residentBytes: 300 * MIB, heapUsedBytes: 90 * MIB, heapLimitBytes: 208 * MIB }),
    });
    const text = await (await sleeve.fetch(new Request('http://sleeve.test/metrics'))).text();
    expect(text).toContain(`process_resident_memory_bytes ${300 * MIB}\n`);
    expect(text).toContain(`sleeve_heap_used_bytes ${90 * MIB}\n`);
    expect(text).toContain(`sleeve_heap_limit_bytes ${208 * MIB}\n`);
    const without = createSleeve({ metrics: true, log: { info: () => {}, error: () => {} } });
    expect(await (await without.fetch(new Request('http://sleeve.test/metrics'))).text()).not.toContain(
      'process_resident_memory_bytes',
    );
  });
});
