/**
 * @module
 * The ReccoBeats driver over the replay: 40 ISRCs a call, in parallel; storage first, and for
 * good (fs and memory, across instances); unknown ISRCs kept a day; the ISRC two releases
 * answer, chosen by hint; the wire mapping; failures as D3 names them; 429 and Retry-After;
 * aborts; the probe.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage, type Storage } from 'unstorage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReplay } from '../../../replay/server.ts';
import reccobeats, { type ReccoBeatsOptions } from '../../../core/drivers/reccobeats/index.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import { breaker, storageBreaker } from '../../../core/storage/breaker.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import type { FeatureHint } from '../../../core/domain/features.ts';
import type { FeaturesDriver } from '../../../core/drivers/contracts/features.ts';
import { rejection } from '../../helpers/rejection.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

const fixture = (file: string): Record<string, unknown>[] =>
  (
    JSON.parse(readFileSync(new URL(`../../fixtures/reccobeats/${file}`, import.meta.url), 'utf8')) as {
      content: Record<string, unknown>[];
    }
  ).content;
const RECORDED = fixture('audio-features__ids-0VjIjW4GlUZAMYd2vXMi3b.json')[0]!;
const DERIVED = fixture('derived/audio-features.json');
/** Every ISRC the replay knows, once each. */
const KNOWN = [...new Set([String(RECORDED['isrc']), ...DERIVED.map((r) => String(r['isrc']))])];
const unknown = (n: number): string => `ZZ${String(n).padStart(10, '0')}`;
const TWO_RELEASES = 'GBDUW0000059';
const derivedOf = (isrc: string): Record<string, unknown>[] => DERIVED.filter((r) => r['isrc'] === isrc);

const replay = replayOnLoopback();
beforeEach(() => replay.reset());
afterEach(() => replay.fault('reccobeats', null));

interface Made {
  source: FeaturesDriver;
  errors: string[];
}

function make(
  options: { storage?: Storage; now?: () => number; fetch?: typeof globalThis.fetch; driver?: ReccoBeatsOptions } = {},
): Made {
  const errors: string[] = [];
  const log = { info() {}, error: (message: string) => void errors.push(message) };
  // The storage's one breaker, as createSleeve builds it: an outage is logged once.
  const ctx = createDriverContext({
    storage: options.storage ?? createStorage(),
    breaker: storageBreaker(log, 'test', systemClock),
    clock: clockOf(options.now ?? Date.now),
    log,
    fetch: options.fetch,
  });
  return { source: reccobeats({ baseUrl: replay.urlOf('reccobeats'), ...options.driver }, ctx), errors };
}

const calls = (path = '/v1/audio-features') =>
  replay.calls.filter((c) => c.upstream === 'reccobeats' && c.path === path);
const idsOf = (search: string): string[] => (new URLSearchParams(search).get('ids') ?? '').split(',');

describe('batching', () => {
  it('asks 40 ISRCs a call, in parallel: 100 ISRCs are 3 calls, never one per track', async () => {
    expect(KNOWN.length).toBeGreaterThan(40);
    const asked = [...KNOWN, ...Array.from({ length: 100 - KNOWN.length }, (_, i) => unknown(i))];
    const found = await make().source.features(asked);
    expect([...found.keys()].sort()).toEqual([...KNOWN].sort());
    const made = calls();
    expect(made).toHaveLength(3);
    expect(made.map((c) => idsOf(c.search).length).sort((a, b) => a - b)).toEqual([20, 40, 40]);
    expect(made.flatMap((c) => idsOf(c.search)).sort()).toEqual([...asked].sort());
    // Parallel: every call was under way before the first answer came back.
    expect(Math.max(...made.map((c) => c.at)) - Math.min(...made.map((c) => c.at))).toBeLessThan(500);
  });

  it('asks each ISRC once however it is spelled, and answers each spelling as asked', async () => {
    const found = await make().source.features(['usug11904206', 'USUG11904206', ' USUG11904206 ', 'not an isrc', '']);
    expect([...found.keys()]).toEqual(['usug11904206', 'USUG11904206', ' USUG11904206 ']);
    for (const features of found.values()) expect(features.isrc).toBe('USUG11904206');
    expect(calls()).toHaveLength(1);
    expect(idsOf(calls()[0]!.search)).toEqual(['USUG11904206']);
  });

  it('asks nothing for nothing, or for text that is no ISRC', async () => {
    const { source } = make();
    expect((await source.features([])).size).toBe(0);
    expect((await source.features(['nope', 'USUG1190420'])).size).toBe(0);
    expect(calls()).toHaveLength(0);
  });

  it('shares one call between callers asking the same ISRCs at once', async () => {
    const { source } = make();
    const [a, b] = await Promise.all([source.features(KNOWN.slice(0, 10)), source.features(KNOWN.slice(0, 10))]);
    expect(a).toEqual(b);
    expect(calls()).toHaveLength(1);
  });
});

describe('storage', () => {
  it('keeps features for good in an fs: storage: a second instance on the same directory makes no call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sleeve-reccobeats-'));
    try {
      const first = await make({ storage: storageFromSpec(`fs:${dir}`) }).source.features(KNOWN);
      expect(calls()).toHaveLength(2);
      replay.reset();
      // Ten years on, in a fresh process's storage object: features never expire.
      const later = () => Date.now() + 10 * 365 * 86_400_000;
      const second = await make({ storage: storageFromSpec(`fs:${dir}`), now: later }).source.features(KNOWN);
      expect(second).toEqual(first);
      expect(replay.calls).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shares features between instances on one unstorage memory storage, and fetches only what is missing', async () => {
    const storage = createStorage();
    await make({ storage }).source.features(KNOWN.slice(0, 5));
    replay.reset();
    const found = await make({ storage }).source.features(KNOWN.slice(0, 8));
    expect(found.size).toBe(8);
    expect(calls()).toHaveLength(1);
    expect(idsOf(calls()[0]!.search).sort()).toEqual(KNOWN.slice(5, 8).sort());
    expect((await storage.getKeys()).some((key) => key.includes('?'))).toBe(false);
  });

  it('remembers an unknown ISRC as unknown for a day, then asks again', async () => {
    const storage = createStorage();
    let now = Date.now();
    const { source } = make({ storage, now: () => now });
    expect((await source.features([unknown(1), KNOWN[0]!])).size).toBe(1);
    expect(calls()).toHaveLength(1);
    now += 86_400_000 - 1000;
    expect((await make({ storage, now: () => now }).source.features([unknown(1), KNOWN[0]!])).size).toBe(1);
    expect(calls()).toHaveLength(1);
    now += 2000;
    await make({ storage, now: () => now }).source.features([unknown(1), KNOWN[0]!]);
    expect(calls()).toHaveLength(2);
    expect(idsOf(calls()[1]!.search)).toEqual([unknown(1)]);
  });

  it('answers from the provider while the storage is down, and says so once', async () => {
    const broken = createStorage();
    broken.getItem = () => Promise.reject(new Error('storage down'));
    broken.setItem = () => Promise.reject(new Error('storage down'));
    const { source, errors } = make({ storage: broken });
    expect((await source.features(KNOWN.slice(0, 3))).size).toBe(3);
    expect((await source.features(KNOWN.slice(0, 3))).size).toBe(3);
    expect(errors.filter((e) => e.includes('storage unavailable'))).toHaveLength(1);
  });
});

describe('one ISRC, two releases', () => {
  const [edit, album] = derivedOf(TWO_RELEASES);
  const albumHint: FeatureHint = { title: 'Harder, Better, Faster, Stronger', durationMs: 224_000 };
  const editHint: FeatureHint = { title: 'Harder Better Faster Stronger', durationMs: 187_000 };

  it('are two records in the replay, the edit first', () => {
    expect(edit?.['energy']).not.toBe(album?.['energy']);
  });

  it('answers the first record with no hint, without looking releases up', async () => {
    const found = await make().source.features([TWO_RELEASES]);
    expect(found.get(TWO_RELEASES)?.energy).toBe(edit?.['energy']);
    expect(calls('/v1/track')).toHaveLength(0);
  });

  it('answers the release closest to the hint, after one /v1/track call that is then kept', async () => {
    const storage = createStorage();
    const { source } = make({ storage });
    const hinted = await source.features([TWO_RELEASES, 'USUG11904206'], {
      hints: new Map([[TWO_RELEASES, albumHint]]),
    });
    expect(hinted.get(TWO_RELEASES)?.energy).toBe(album?.['energy']);
    expect(calls('/v1/track')).toHaveLength(1);
    expect(idsOf(calls('/v1/track')[0]!.search).sort()).toEqual([String(edit?.['id']), String(album?.['id'])].sort());

    replay.reset();
    const other = make({ storage }).source;
    expect(
      (await other.features([TWO_RELEASES], { hints: new Map([[TWO_RELEASES, editHint]]) })).get(TWO_RELEASES)?.energy,
    ).toBe(edit?.['energy']);
    expect(
      (await other.features([TWO_RELEASES], { hints: new Map([['gbduw0000059', albumHint]]) })).get(TWO_RELEASES)
        ?.energy,
    ).toBe(album?.['energy']);
    expect(replay.calls).toHaveLength(0);
  });

  it('answers the first record when the release lookup fails, and logs it', async () => {
    const { source, errors } = make({ fetch: failingPath('/v1/track') });
    const found = await source.features([TWO_RELEASES], { hints: new Map([[TWO_RELEASES, albumHint]]) });
    expect(found.get(TWO_RELEASES)?.energy).toBe(edit?.['energy']);
    expect(errors.some((e) => e.includes('release lookup failed'))).toBe(true);
  });
});

describe('mapping', () => {
  it('maps the recorded record exactly: key, mode, no time signature, the rest as given', async () => {
    const found = await make().source.features(['USUG11904206']);
    expect(found.get('USUG11904206')).toEqual({
      isrc: 'USUG11904206',
      keyIndex: 1,
      mode: 'Major',
      timeSignature: null,
      tempo: 171.001,
      loudness: -5.94,
      energy: 0.73,
      danceability: 0.513,
      valence: 0.334,
      acousticness: 0.00143,
      instrumentalness: 0.0000954,
      liveness: 0.0897,
      speechiness: 0.0598,
    });
  });

  it('keeps key -1 (no key detected) and maps mode 0 to Minor', async () => {
    const minor = DERIVED.find((r) => r['mode'] === 0 && r['key'] !== -1)!;
    const noKey = DERIVED.find((r) => r['key'] === -1)!;
    const found = await make().source.features([String(minor['isrc']), String(noKey['isrc'])]);
    expect(found.get(String(minor['isrc']))).toMatchObject({ keyIndex: minor['key'], mode: 'Minor' });
    expect(found.get(String(noKey['isrc']))?.keyIndex).toBe(-1);
  });
});

/** A fetch that answers `path` with HTTP 500 and passes everything else to the replay. */
function failingPath(path: string): typeof globalThis.fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith(path)) return Promise.resolve(new Response('oops', { status: 500 }));
    return globalThis.fetch(input, init);
  }) as typeof globalThis.fetch;
}

/** A fetch answering 429 (with `retryAfter`, if given) `times` times, then passing to the replay. */
function rateLimited(times: number, retryAfter?: string): { fetch: typeof globalThis.fetch; count: () => number } {
  let seen = 0;
  return {
    count: () => seen,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      seen++;
      if (seen > times) return globalThis.fetch(input, init);
      const headers = retryAfter === undefined ? undefined : { 'retry-after': retryAfter };
      return Promise.resolve(new Response('{"error":"Too Many Requests","status":429}', { status: 429, headers }));
    }) as typeof globalThis.fetch,
  };
}

describe('failures', () => {
  it.each([
    ['http500', 'upstream_error', 502],
    ['garbage', 'upstream_error', 502],
    ['error200', 'upstream_error', 502],
    ['reset', 'upstream_error', 502],
  ] as const)('%s is %s (%i), and nothing is stored', async (fault, code, status) => {
    const storage = createStorage();
    replay.fault('reccobeats', fault);
    const error = await rejection(make({ storage }).source.features(['USUG11904206']));
    expect({ code: error.code, status: error.status }).toEqual({ code, status });
    expect(error.message).toMatch(/^\[sleeve\] \[reccobeats\] /);
    expect(await storage.getKeys()).toEqual([]);
    replay.fault('reccobeats', null);
    expect((await make({ storage }).source.features(['USUG11904206'])).size).toBe(1);
  });

  it('no answer within 2.5 s is upstream_timeout (504)', async () => {
    replay.fault('reccobeats', 'hang');
    const started = Date.now();
    const error = await rejection(make().source.features(['USUG11904206']));
    expect({ code: error.code, status: error.status }).toEqual({ code: 'upstream_timeout', status: 504 });
    // It waited the call's 2.5 s before giving up: a lower bound, which a busy machine can only lengthen.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
  }, 15_000);

  it('a record of another shape is upstream_error', async () => {
    const bad = (() =>
      Promise.resolve(Response.json({ content: [{ ...RECORDED, key: 12 }] }))) as unknown as typeof globalThis.fetch;
    const error = await rejection(make({ fetch: bad }).source.features(['USUG11904206']));
    expect(error.code).toBe('upstream_error');
    expect(error.message).toContain('unexpected shape');
  });

  it('429 with a Retry-After past 3 s pauses the budget and fails with 503 and that Retry-After', async () => {
    const limited = rateLimited(10, '10');
    const { source } = make({ fetch: limited.fetch });
    const error = await rejection(source.features(['USUG11904206']));
    expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
    expect(Number(error.headers['Retry-After'])).toBeGreaterThanOrEqual(9);
    // Failed without waiting the 10 s out: waited, it would have asked again (one call was made).
    expect(limited.count()).toBe(1);
    // The pause holds for every later call of this process: refused without asking.
    await rejection(source.features(['USUM72409273']));
    expect(limited.count()).toBe(1);
  });

  it('429 with a short Retry-After waits it out and tries again', async () => {
    const limited = rateLimited(1, '1');
    const started = Date.now();
    const found = await make({ fetch: limited.fetch }).source.features(['USUG11904206']);
    expect(found.size).toBe(1);
    expect(limited.count()).toBe(2);
    // The second try came after the 1 s it was told: a lower bound, which load can only lengthen.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("the replay's quota (429 without Retry-After) is tried three times a second apart, then 503", async () => {
    const quota = await startReplay({ quota: { limit: 0, windowMs: 60_000 } });
    try {
      const ctx = createDriverContext({
        storage: createStorage(),
        breaker: breaker({ clock: systemClock, onOutage() {} }),
        clock: clockOf(Date.now),
        log: { info() {}, error() {} },
      });
      const error = await rejection(reccobeats({ baseUrl: quota.urlOf('reccobeats') }, ctx).features(['USUG11904206']));
      expect(error.code).toBe('service_unavailable');
      expect(error.headers['Retry-After']).toBe('1');
      expect(quota.calls.map((c) => c.body)).toEqual(['quota', 'quota', 'quota']);
    } finally {
      await quota.close();
    }
  });
});

describe('aborts', () => {
  it('an aborted signal rejects with its reason, asking nothing', async () => {
    const reason = new Error('gone');
    await expect(
      make().source.features(['USUG11904206'], { scope: unboundScope(AbortSignal.abort(reason)) }),
    ).rejects.toBe(reason);
    expect(replay.calls).toHaveLength(0);
  });

  it('aborting while waiting rejects at once; the call is dropped when nobody waits for it', async () => {
    replay.fault('reccobeats', 'slow', { delayMs: 3000 });
    const { source } = make();
    const controller = new AbortController();
    const pending = source.features(['USUG11904206'], { scope: unboundScope(controller.signal) });
    setTimeout(() => controller.abort(new Error('client left')), 100);
    // Ignoring the abort, it would have resolved with the slow answer instead of rejecting.
    await expect(pending).rejects.toThrow('client left');
    // A later caller starts afresh rather than joining the dropped call.
    replay.fault('reccobeats', null);
    expect((await source.features(['USUG11904206'])).size).toBe(1);
    expect(calls()).toHaveLength(2);
  });

  it('a caller who leaves does not fail another waiting on the same call', async () => {
    replay.fault('reccobeats', 'slow', { delayMs: 300 });
    const { source } = make();
    const controller = new AbortController();
    const leaving = source.features(['USUG11904206'], { scope: unboundScope(controller.signal) });
    const staying = source.features(['USUG11904206']);
    controller.abort(new Error('left'));
    await expect(leaving).rejects.toThrow('left');
    expect((await staying).size).toBe(1);
    expect(calls()).toHaveLength(1);
  });
});

describe('probe', () => {
  it('reaches ReccoBeats every time (never storage) and is ok on a well-formed 200', async () => {
    const { source } = make();
    expect(await source.probe()).toEqual({ ok: true, status: 200 });
    expect(await source.probe()).toEqual({ ok: true, status: 200 });
    expect(calls()).toHaveLength(2);
  });

  it("reports the status seen: 500, a 200 that is not ReccoBeats' shape, 0 when unreachable", async () => {
    const { source } = make();
    replay.fault('reccobeats', 'http500');
    expect(await source.probe()).toEqual({ ok: false, status: 500 });
    replay.fault('reccobeats', 'garbage');
    expect(await source.probe()).toEqual({ ok: false, status: 200 });
    replay.fault('reccobeats', 'reset');
    expect(await source.probe()).toEqual({ ok: false, status: 0 });
  });
});
