/**
 * Issue #45: the frame is one list of layers per route (`core/http/pipeline.ts`), and the hit
 * path is composed from that list (`composeHit`), so a layer's header or rule is written once.
 * A miss the hit path has looked at goes on with what it found (`Lookup`), looked up once.
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { Lookup } from '../../../core/http/cache/lookup.ts';
import { composeHit } from '../../../core/http/hit/hit-path.ts';
import { fullOnly, type Layer, passing } from '../../../core/http/pipeline.ts';
import { echoEndpoint, frameEndpoints, testApp, UA } from '../../helpers/http/app.ts';

const next: Layer['full'] = (_c, go) => go();
const observer: Layer = { full: next, hit: { kind: 'observe', id: () => 'id-1', record: undefined } };
const holder: Layer = { full: next, hit: { kind: 'hold', look: () => undefined } };

describe('composeHit: the hit path from the route’s own list', () => {
  it('gives headers in the list’s order: the id, a layer’s own, the count’s', () => {
    const own = { 'X-Own': 'yes' };
    const count: Layer = { full: next, hit: { kind: 'count', count: () => ({ 'X-Left': '1' }) } };
    const route = composeHit('/t', [observer, { full: next, hit: { kind: 'headers', headers: own } }, count, holder]);
    expect(route?.gives).toEqual([0, own, 1]);
    expect(route?.count).toBeDefined();
  });

  it('leaves a route to the full frame when any layer before the cache has no hit form', () => {
    expect(composeHit('/t', [observer, passing(next), holder])).toBeDefined();
    expect(composeHit('/t', [observer, fullOnly(next), holder])).toBeUndefined();
    // Nothing holds answers: no hit path either; layers after the cache are never reached.
    expect(composeHit('/t', [observer, passing(next)])).toBeUndefined();
    expect(composeHit('/t', [observer, holder, fullOnly(next)])).toBeDefined();
  });

  it('collects the checks, and the version a pin gives', () => {
    const declines = () => true;
    const route = composeHit('/t', [
      observer,
      { full: next, hit: { kind: 'check', declines } },
      { full: next, hit: { kind: 'version', version: { name: '2.5.0' } as never } },
      holder,
    ]);
    expect(route?.checks).toEqual([declines]);
    expect(route?.version.name).toBe('2.5.0');
  });

  it('refuses a list the hit path could not answer in: no observer, or two counts', () => {
    expect(() => composeHit('/t', [holder])).toThrow(/observer/);
    const count: Layer = { full: next, hit: { kind: 'count', count: () => undefined } };
    expect(() => composeHit('/t', [observer, count, count, holder])).toThrow(/two layers/);
  });
});

describe('a miss the hit path looked at', () => {
  function setup() {
    const storage = createStorage();
    const reads = { count: 0 };
    const getItem = storage.getItem.bind(storage);
    storage.getItem = ((key: string) => {
      reads.count++;
      return getItem(key);
    }) as typeof storage.getItem;
    const echo = echoEndpoint({ rateLimit: 1000 });
    const app = testApp([...frameEndpoints, echo.endpoint], { storage });
    const ask = () => new Request('http://sleeve.test/t/echo?query=a', { headers: { 'user-agent': UA } });
    const env = () => ({ clientIp: '203.0.113.9' }) as { clientIp: string; sleeveLookup?: Lookup | false };
    /**
     * The URL answered once, then left to expire: what the hit path leaves for it (in `info`),
     * after another request has made it fresh again, held in process.
     */
    const lookedAt = async () => {
      await app.frame.fetch(ask(), env());
      app.clock.now += 901_000;
      const info = env();
      app.frame.hitParts(ask(), info);
      expect((await app.frame.app.fetch(ask(), env())).headers.get('x-cache')).toBe('MISS');
      reads.count = 0;
      return info;
    };
    return { ...app, reads, ask, env, lookedAt };
  }

  it('answerHit leaves what it found: a Lookup for a URL it knows, false for one it does not', async () => {
    const { frame, ask, env, lookedAt } = setup();
    const unknown = env();
    expect(frame.hitParts(ask(), unknown)).toBeUndefined();
    expect(unknown.sleeveLookup).toBe(false);
    expect((await lookedAt()).sleeveLookup).toBeInstanceOf(Lookup);
  });

  it('fetch takes that on, rather than looking again: the storage is read where the process held it', async () => {
    const { frame, ask, env, reads, lookedAt } = setup();
    const info = await lookedAt();
    // Without a lookup, the entry held in process answers: no read.
    expect((await frame.fetch(ask(), env())).headers.get('x-cache')).toBe('HIT');
    expect(reads.count).toBe(0);
    // With the earlier lookup (nothing fresh then), the frame goes on from it: one read, a hit there.
    expect((await frame.fetch(ask(), info)).headers.get('x-cache')).toBe('HIT');
    expect(reads.count).toBe(1);
  });

  it('a lookup is taken on only by the cache that made it, for its URL', async () => {
    const { frame, ask, env, reads, lookedAt } = setup();
    const info = await lookedAt();
    const other = new Request('http://sleeve.test/t/echo?query=b', { headers: { 'user-agent': UA } });
    await frame.app.fetch(other, env());
    reads.count = 0;
    // Another URL given this lookup looks for itself: held in process, no read.
    expect((await frame.fetch(other, info)).headers.get('x-cache')).toBe('HIT');
    // A caller outside TypeScript may pass anything: only a Lookup the cache made is taken on.
    const forged = { clientIp: '203.0.113.9', sleeveLookup: { url: ask().url, held: undefined } as unknown as Lookup };
    expect((await frame.fetch(ask(), forged)).headers.get('x-cache')).toBe('HIT');
    expect(reads.count).toBe(0);
  });
});
