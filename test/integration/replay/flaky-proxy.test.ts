/**
 * The flaky proxy (`replay/faults/flaky-proxy.ts`) in front of a replay: at rate 0 it is invisible;
 * at rate 1 each fault does what it says to a client (fetch here, as Sleeve's drivers use it);
 * a seed repeats its draws, whatever the order of requests; and close() returns at once with
 * answers held or dribbling.
 * Delays are a few hundred ms here, not the 8 and 10 s an operator would meet.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFlakyProxy,
  type FlakyFault,
  type FlakyProxy,
  type FlakyProxyOptions,
} from '../../../replay/faults/flaky-proxy.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';

const TRACK = '/deezer/track/3135556';

let replay: Replay;
/** Proxies a test started, closed after it whatever it asserted. */
const started: FlakyProxy[] = [];
beforeAll(async () => {
  replay = await startReplay();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((proxy) => proxy.close()));
});
afterAll(async () => replay.close());

async function proxyOf(options: Partial<FlakyProxyOptions> = {}): Promise<FlakyProxy> {
  const proxy = await startFlakyProxy({ target: replay.url, replay, rate: 1, ...options });
  started.push(proxy);
  return proxy;
}

/** One fault, every time. */
const always = (fault: FlakyFault, options: Partial<FlakyProxyOptions> = {}): Promise<FlakyProxy> =>
  proxyOf({ faults: [fault], ...options });

const original = async (path: string): Promise<string> => (await fetch(`${replay.url}${path}`)).text();

describe('rate 0', () => {
  it("relays every request: the same status, type and body as the replay's, a POST and its body included", async () => {
    const proxy = await proxyOf({ rate: 0 });
    const paths = [
      TRACK,
      '/deezer/search/artist?q=daft%20punk',
      '/deezer/artist/900001',
      '/lrclib/api/get?artist_name=Daft%20Punk&track_name=One%20More%20Time',
      '/nowhere',
    ];
    for (const path of paths) {
      const [direct, relayed] = await Promise.all([fetch(`${replay.url}${path}`), fetch(`${proxy.url}${path}`)]);
      expect(relayed.status, path).toBe(direct.status);
      expect(relayed.headers.get('content-type'), path).toBe(direct.headers.get('content-type'));
      expect(await relayed.text(), path).toBe(await direct.text());
    }
    const token = await fetch(`${proxy.urlOf('spotify-accounts')}/api/token`, {
      method: 'POST',
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    expect(replay.calls.at(-1)).toMatchObject({ upstream: 'spotify-accounts', method: 'POST', path: '/api/token' });
    expect(proxy.forwarded).toBe(paths.length + 1);
    expect(Object.values(proxy.injected).every((n) => n === 0)).toBe(true);
  });

  it("points the replay's options and env at itself, the same variables", async () => {
    const proxy = await proxyOf({ rate: 0 });
    const values = (pointers: object): string[] => JSON.stringify(pointers).match(/"http:[^"]*"/g) ?? [];
    expect(Object.keys(proxy.env)).toEqual(Object.keys(replay.env));
    expect(proxy.options.upstreams.deezer).toBe(proxy.urlOf('deezer'));
    expect(values(proxy.options).map((v) => v.replace(proxy.url, replay.url))).toEqual(values(replay.options));
    expect(values(proxy.env).every((v) => v.startsWith(`"${proxy.url}/`))).toBe(true);
    const bare = await startFlakyProxy({ target: replay.url, rate: 0 });
    started.push(bare);
    expect(() => bare.options).toThrow(/replay/);
  });
});

describe('each fault at rate 1', () => {
  it('reset: the connection drops without an answer', async () => {
    const proxy = await always('reset');
    await expect(fetch(`${proxy.url}${TRACK}`)).rejects.toThrow();
    expect(proxy.injected.reset).toBe(1);
  });

  it("http500, cdn502, notJson: a proxy's, a CDN's and a maintenance page's HTML", async () => {
    for (const [fault, status, words] of [
      ['http500', 500, /nginx/],
      ['cdn502', 502, /Bad gateway.*Error code 502/s],
      ['notJson', 200, /maintenance/],
    ] as const) {
      const proxy = await always(fault);
      const response = await fetch(`${proxy.url}${TRACK}`);
      expect(response.status, fault).toBe(status);
      expect(response.headers.get('content-type'), fault).toMatch(/^text\/html/);
      expect(await response.text(), fault).toMatch(words);
      expect(proxy.injected[fault]).toBe(1);
    }
  });

  it("quota: Deezer's code-4 body with HTTP 200 under /deezer/, an HTTP 500 elsewhere", async () => {
    const proxy = await always('quota');
    const deezer = await fetch(`${proxy.url}${TRACK}`);
    expect(deezer.status).toBe(200);
    expect(await deezer.json()).toEqual({ error: { type: 'Exception', message: 'Quota limit exceeded', code: 4 } });
    const images = await fetch(`${proxy.urlOf('deezer-images')}/images/artist/x/56x56-000000-80-0-0.jpg`);
    expect(images.status).toBe(500);
    expect(proxy.injected).toMatchObject({ quota: 1, http500: 1 });
  });

  it('truncated: the real headers, Content-Length of the whole body, half of it, then the connection drops', async () => {
    const proxy = await always('truncated');
    const whole = Buffer.byteLength(await original(TRACK));
    const response = await fetch(`${proxy.url}${TRACK}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(Number(response.headers.get('content-length'))).toBe(whole);
    await expect(response.text()).rejects.toThrow();
  });

  it('lateHeaders: the real answer, its headers only after lateMs', async () => {
    const proxy = await always('lateHeaders', { lateMs: 300 });
    const begun = performance.now();
    const response = await fetch(`${proxy.url}${TRACK}`);
    // The held time is the fault itself: a lower bound, which a busy machine can only lengthen.
    expect(performance.now() - begun).toBeGreaterThanOrEqual(290);
    expect(await response.text()).toBe(await original(TRACK));
  });

  it('drip: the headers at once, then the real body a few bytes at a time over dripMs', async () => {
    const proxy = await always('drip', { dripMs: 400 });
    const begun = performance.now();
    const response = await fetch(`${proxy.url}${TRACK}`);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    // The headers came first (fetch resolved on them) and the body after them, in many reads;
    // its spread over dripMs is the fault itself: a lower bound, which load can only lengthen.
    expect(chunks.length).toBeGreaterThan(5);
    expect(performance.now() - begun).toBeGreaterThanOrEqual(380);
    expect(Buffer.concat(chunks).toString()).toBe(await original(TRACK));
  });

  it('huge: 40 MB or more of JSON, streamed', async () => {
    const proxy = await always('huge');
    const response = await fetch(`${proxy.url}${TRACK}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-length')).toBeNull();
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    expect(bytes).toBeGreaterThanOrEqual(40 * 1024 * 1024);
  });
});

describe('draws', () => {
  /** What a client saw of each request, asked one after the other: the status and the start of the body. */
  async function seen(proxy: FlakyProxy, paths: readonly string[]): Promise<Map<string, string[]>> {
    const outcomes = new Map<string, string[]>();
    for (const path of paths) {
      const response = await fetch(`${proxy.url}${path}`);
      outcomes.set(path, [...(outcomes.get(path) ?? []), `${response.status} ${(await response.text()).slice(0, 30)}`]);
    }
    return outcomes;
  }
  const options: Partial<FlakyProxyOptions> = { rate: 0.5, faults: ['http500', 'cdn502', 'notJson', 'quota'] };
  /** 30 distinct requests, the first asked ten times over. */
  const paths = [
    ...Array.from({ length: 10 }, () => TRACK),
    ...Array.from({ length: 30 }, (_, i) => `/deezer/search/artist?q=draw${i}`),
  ];

  it('the same seed gives each request the same fault, in whatever order requests arrive; another seed, others', async () => {
    const [first, again, other] = await Promise.all([
      proxyOf({ ...options, seed: 7 }),
      proxyOf({ ...options, seed: 7 }),
      proxyOf({ ...options, seed: 8 }),
    ]);
    const outcomes = await seen(first, paths);
    expect(await seen(again, [...paths].reverse())).toEqual(outcomes);
    expect(again.injected).toEqual(first.injected);
    expect(await seen(other, paths)).not.toEqual(outcomes);
    // A request asked again draws afresh: the ten askings of one are not all alike.
    expect(new Set(outcomes.get(TRACK)).size).toBeGreaterThan(1);
    // About half of 40, as a fair coin allows; every fault enabled drawn.
    expect(first.forwarded).toBeGreaterThan(8);
    expect(first.forwarded).toBeLessThan(32);
    expect(
      Object.entries(first.injected)
        .filter(([, n]) => n > 0)
        .map(([fault]) => fault)
        .sort(),
    ).toEqual(['cdn502', 'http500', 'notJson', 'quota']);
  });

  it('setRate changes the rate from the next request on', async () => {
    const proxy = await always('http500');
    expect((await fetch(`${proxy.url}${TRACK}`)).status).toBe(500);
    proxy.setRate(0);
    expect((await fetch(`${proxy.url}${TRACK}`)).status).toBe(200);
    expect(() => proxy.setRate(1.5)).toThrow(/rate/);
  });
});

describe('close()', () => {
  it('returns at once with an answer held back and one dribbling, and ends both', async () => {
    const held = await always('lateHeaders', { lateMs: 60_000 });
    const dribbling = await always('drip', { dripMs: 60_000 });
    const late = fetch(`${held.url}${TRACK}`);
    const drip = await fetch(`${dribbling.url}${TRACK}`);
    const body = drip.text();
    // Both answers would take a minute: a close() that waited would outlive the test's timeout.
    await Promise.all([held.close(), dribbling.close()]);
    await expect(late).rejects.toThrow();
    await expect(body).rejects.toThrow();
    await held.close();
  });
});
