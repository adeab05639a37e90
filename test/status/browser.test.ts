/**
 * Issue #54: `/status` in a real Chromium, against real servers on loopback (this file opens
 * sockets: the Sleeve servers, the replay, the browser). Offline (a request to any other origin
 * fails the test), no console or CSP error. In demo mode it says what it lacks; in live mode over
 * the replay, cold searches move the budget chart and the cache shares; with the replay stopped,
 * Deezer's circuit shows open within seconds, and closed again once it is back (the circuit's
 * 10-s cool-down runs on the real clock, the one wait here). Screenshots: test/artifacts/.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../adapters/node/index.ts';
import { startReplay, type Replay } from '../../replay/server.ts';
import { ROOT } from '../helpers/child-server.ts';
import { launchChromium, newVisit, SKIP_BROWSER, type Visit } from '../docs/_browser.ts';

const ARTIFACTS = `${ROOT}test/artifacts/`;
const UA = { 'User-Agent': 'status-browser-test/1.0 (status@example.com)' };
const quiet = { info: () => {}, error: () => {} };
/** Samples each second and a poll each half second, so the charts move within the test's seconds. */
const FAST = { sampleMs: 1000, pollMs: 500 };

const originOf = (served: Served) => `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`;
const close = (served: Served | undefined) =>
  new Promise<void>((done) => (served ? served.server.close(() => done()) : done()));

function expectClean(visit: Visit) {
  expect(visit.external, 'requests to other origins (the page must work offline)').toEqual([]);
  expect(visit.problems, 'console errors, page errors and CSP refusals').toEqual([]);
}

/** A chart's highest value drawn, as the page wrote it. */
const chartMax = (visit: Visit, name: string) =>
  visit.page.locator(`[data-chart="${name}"]`).getAttribute('data-max').then(Number);

describe.skipIf(SKIP_BROWSER)('/status in Chromium', () => {
  let browser: Browser;
  let demo: Served;
  let live: Served;
  let replay: Replay;
  beforeAll(async () => {
    replay = await startReplay();
    [browser, demo, live] = await Promise.all([
      launchChromium(),
      serve({ port: 0, hostname: '127.0.0.1', requestLog: 'off', log: quiet, status: FAST }),
      serve({
        port: 0,
        hostname: '127.0.0.1',
        requestLog: 'off',
        log: quiet,
        mode: 'live',
        ...replay.options,
        rateLimits: 'off',
        status: FAST,
      }),
    ]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), close(demo), close(live), replay?.close()]);
  }, 30_000);

  it('in demo mode: renders offline with no error, shows the instance and says what demo mode lacks', async () => {
    const origin = originOf(demo);
    for (const query of ['love', 'love', 'night']) await fetch(`${origin}/search/all?query=${query}`, { headers: UA });
    const visit = await newVisit(browser, origin);
    expect((await visit.page.goto(`${origin}/status`))?.status()).toBe(200);
    await expect(visit.page.locator('[data-figure="mode"]').textContent()).resolves.toBe('demo');
    await visit.page.locator('#lacks li', { hasText: 'Demo mode calls no upstream' }).waitFor();
    await visit.page.waitForFunction(
      () => Number(document.querySelector('[data-chart="cache"]')?.getAttribute('data-max')) > 0,
    );
    await expect(visit.page.locator('[data-figure="rss"]').textContent()).resolves.toMatch(/MiB/);
    mkdirSync(ARTIFACTS, { recursive: true });
    await visit.page.screenshot({ path: `${ARTIFACTS}status-demo.png`, fullPage: true });
    expectClean(visit);
    const paths = new Set(visit.requests.map((request) => new URL(request.url()).pathname));
    expect([...paths].sort()).toEqual(['/status', '/status/feed']);
  }, 60_000);

  it('in live mode: cold searches move the budget chart and the cache shares; the circuit opens with the replay stopped and closes once it is back', async () => {
    const origin = originOf(live);
    const visit = await newVisit(browser, origin);
    await visit.page.goto(`${origin}/status`);
    await expect(visit.page.locator('[data-figure="mode"]').textContent()).resolves.toBe('live');

    const search = (query: string) => fetch(`${origin}/search/all?query=${encodeURIComponent(query)}`, { headers: UA });
    for (const query of ['daft punk', 'love', 'rock', 'night']) expect((await search(query)).status).toBe(200);
    for (const query of ['daft punk', 'love', 'rock', 'night']) expect((await search(query)).status).toBe(200);
    await visit.page.waitForFunction(
      () => Number(document.querySelector('[data-chart="budget-deezer"]')?.getAttribute('data-max')) > 0,
    );
    expect(await chartMax(visit, 'budget-deezer')).toBeGreaterThan(0);
    // Shares of hits and of misses, both drawn: the cold searches missed, the repeats hit.
    await visit.page.waitForFunction(
      () => Number(document.querySelector('[data-chart="cache"]')?.getAttribute('data-max')) > 0,
    );
    const shares = async () => {
      const feed = (await (await fetch(`${origin}/status/feed`)).json()) as {
        history: { series: Record<string, (number | null)[]> };
      };
      const most = (name: string) => Math.max(0, ...(feed.history.series[name] ?? []).map(Number));
      return { hit: most('cache.hit'), miss: most('cache.miss') };
    };
    // The next sample after the last search holds the repeats' hits; samples are a second apart.
    let seen = await shares();
    for (let i = 0; i < 20 && !(seen.hit > 0 && seen.miss > 0); i++) {
      await visit.page.waitForTimeout(250);
      seen = await shares();
    }
    expect(seen.miss, 'a share of misses drawn').toBeGreaterThan(0);
    expect(seen.hit, 'a share of hits drawn').toBeGreaterThan(0);
    await expect(visit.page.locator('[data-circuit="deezer"]').textContent()).resolves.toBe('closed');
    await visit.page.screenshot({ path: `${ARTIFACTS}status-live.png`, fullPage: true });

    // The replay stops: cold searches fail, and once ten calls have failed the circuit opens.
    const port = Number(new URL(replay.url).port);
    await replay.close();
    // Each failed call's tries take budget turns, so a round of searches fails only as many calls
    // as the budget lets out: rounds go on (a bounded number) until the failures outweigh the
    // successes the circuit saw in its window.
    const circuit = visit.page.locator('[data-circuit="deezer"]');
    for (let round = 0; round < 10 && (await circuit.textContent()) !== 'open'; round++) {
      await Promise.all(Array.from({ length: 12 }, (_, i) => search(`outage ${round} ${i}`)));
      await visit.page.waitForTimeout(1000);
    }
    await visit.page.locator('[data-circuit="deezer"]', { hasText: /^open$/ }).waitFor({ timeout: 5000 });
    await visit.page.screenshot({ path: `${ARTIFACTS}status-live-open.png`, fullPage: true });

    // Back on the same port: after the cool-down a trial call succeeds and the circuit closes.
    replay = await startReplay({ port });
    const closed = visit.page.locator('[data-circuit="deezer"]', { hasText: /^closed$/ });
    for (let i = 0; i < 40 && !(await closed.isVisible()); i++) {
      await search(`back ${i}`);
      await visit.page.waitForTimeout(500);
    }
    await closed.waitFor({ timeout: 3000 });
    expectClean(visit);
  }, 90_000);
});
