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
import { serve, type Served } from '../../../adapters/node/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { ROOT } from '../../helpers/child-server.ts';
import { launchChromium, newVisit, SKIP_BROWSER, type Visit } from '../../helpers/docs/browser.ts';

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

/** The round values an axis' top may take (times a power of ten), as the page picks them. */
const ROUND = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
const isRound = (v: number) => {
  const power = 10 ** Math.floor(Math.log10(v));
  return ROUND.some((r) => Math.abs(r * power - v) < v * 1e-9);
};

/** A chart's path of one line: how many strokes (`M` commands) it is drawn in, and its dots. */
async function drawn(visit: Visit, chart: string, line: string) {
  const svg = visit.page.locator(`[data-chart="${chart}"]`);
  const d =
    (await svg
      .locator(`path[data-line="${line}"]`)
      .getAttribute('d')
      .catch(() => null)) ?? '';
  return { strokes: (d.match(/M/g) ?? []).length, dots: await svg.locator(`circle[data-line="${line}"]`).count() };
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
        metrics: true,
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

  it('draws only what was measured: gaps as gaps, one sample as a dot, round axis tops, limits named, the state /healthz answers, a stated window, monitoring apart, before any poll', async () => {
    // Its own clock and sampling timer: a sample is taken when the test says, time jumps as it says.
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    let tick = () => {};
    const watched = await serve({
      port: 0,
      hostname: '127.0.0.1',
      requestLog: 'off',
      log: quiet,
      metrics: true,
      rateLimits: 'off',
      now: () => clock.now,
      // No poll within the test: what it shows is what the page carried.
      status: { sampleMs: 10_000, pollMs: 600_000, timer: (run) => ((tick = run), () => {}) },
    });
    try {
      const origin = originOf(watched);
      const search = async (query: string) =>
        expect((await fetch(`${origin}/search/all?query=${query}`, { headers: UA })).status).toBe(200);
      // Operators' tools at every step: a Prometheus scrape, a probe, a script reading the feed.
      const monitor = async () => {
        for (const path of ['/metrics', '/metrics', '/healthz', '/status/feed', '/readyz'])
          expect((await fetch(`${origin}${path}`)).ok).toBe(true);
      };
      // Read right after a sample, the feed takes none of its own (it does when one is due).
      const step = async (ms = 10_000) => {
        clock.now += ms;
        tick();
        await monitor();
      };
      // One sample with searches (the cache's shares: one dot), three with none (a gap in them),
      // two with searches (a stroke), then five minutes with no sample (the timer stopped, as an
      // isolate's does), two more with searches, and one quiet sample last.
      for (const query of ['love', 'love', 'night']) await search(query);
      await step();
      for (let i = 0; i < 3; i++) await step();
      for (const round of [1, 2]) {
        await search(`rock${round}`);
        await search(`rock${round}`);
        await step();
      }
      clock.now += 5 * 60_000;
      for (const round of [3, 4]) {
        await search(`rock${round}`);
        await search(`rock${round}`);
        await step();
      }
      await step();

      const visit = await newVisit(browser, origin);
      // The feed never answers this visit: what the page shows, it carried.
      await visit.page.route('**/status/feed', () => {});
      await visit.page.goto(`${origin}/status`);
      await expect(visit.page.locator('[data-figure="mode"]').textContent()).resolves.toBe('demo');

      // Cache shares: sampled only where searches came. A dot, then two strokes split at the gaps.
      for (const line of ['hit', 'miss']) expect(await drawn(visit, 'cache', line)).toEqual({ strokes: 2, dots: 1 });
      // Requests: sampled every step (0 when quiet), apart only across the five minutes unsampled.
      expect(await drawn(visit, 'requests', 'all / s')).toEqual({ strokes: 2, dots: 0 });
      // Only the searches are clients' traffic: 3 in the first 10 s, the scrapes and probes not counted.
      expect(await chartMax(visit, 'requests')).toBeCloseTo(0.3);

      // Axis labels are round values on the axis: the top above the data, half of it midway.
      for (const name of ['cache', 'requests', 'memory']) {
        const svg = visit.page.locator(`[data-chart="${name}"]`);
        const top = Number(await svg.getAttribute('data-top'));
        const max = Number(await svg.getAttribute('data-max'));
        expect(top, name).toBeGreaterThanOrEqual(max);
        expect(isRound(top), `${name}'s top ${top}`).toBe(true);
        const labels = (await svg
          .locator('[data-axis]')
          .evaluateAll((texts) => texts.map((t) => Number(t.getAttribute('data-axis'))))) as number[];
        expect(labels.sort((a, b) => a - b)).toEqual([top / 2, top]);
      }
      await expect(visit.page.locator('[data-chart="cache"] [data-axis]').allTextContents()).resolves.toEqual([
        '50%',
        '100%',
      ]);
      // The heap's limit is named as the limit, with its value, and clear of the axis' top.
      const memory = visit.page.locator('[data-chart="memory"]');
      const limit = memory.locator('[data-limit]');
      await expect(limit.textContent()).resolves.toMatch(/^heap limit [\d.]+ MiB$/);
      expect(Number(await memory.getAttribute('data-top'))).toBeGreaterThan(
        Number(await limit.getAttribute('data-limit')),
      );

      // The header's state is what /healthz answers.
      const health = await fetch(`${origin}/healthz`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { degraded: boolean }).degraded).toBe(false);
      await expect(visit.page.locator('[data-figure="state"]').textContent()).resolves.toBe('serving');

      // The endpoints' table says its window (a minute or more) and still holds the searches
      // one quiet sample after them; monitoring's requests are apart, none of them a row.
      const table = visit.page.locator('table[data-window]');
      expect(Number(await table.getAttribute('data-window'))).toBeGreaterThanOrEqual(60);
      await expect(table.locator('th').first().textContent()).resolves.toMatch(/^endpoints, last \d+ (s|min)$/);
      const rows = await table
        .locator('tr[data-family]')
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-family')));
      expect(rows).toEqual(['search']);
      expect(Number(await table.locator('tr[data-family="search"] td').nth(1).textContent())).toBeGreaterThan(0);
      const polled = (await visit.page.locator('[data-monitoring]').textContent()) ?? '';
      for (const path of ['/metrics', '/healthz', '/readyz', '/status/feed']) expect(polled).toContain(path);

      mkdirSync(ARTIFACTS, { recursive: true });
      await visit.page.screenshot({ path: `${ARTIFACTS}status-gaps.png`, fullPage: true });
      expectClean(visit);
      await visit.page.unrouteAll({ behavior: 'ignoreErrors' });
    } finally {
      await close(watched);
    }
  }, 60_000);

  it('in live mode: cold searches move the budget chart and the cache shares; the circuit opens with the replay stopped and closes once it is back', async () => {
    const origin = originOf(live);
    // Prometheus scrapes all along: operators' traffic, never drawn as clients'.
    const scrapes = setInterval(() => void fetch(`${origin}/metrics`).catch(() => {}), 200);
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
    // Neither upstream answers: /healthz says 503, and the header says so too, not 'serving'.
    expect((await fetch(`${origin}/healthz`)).status).toBe(503);
    await visit.page.locator('[data-figure="state"]', { hasText: /^unreachable$/ }).waitFor({ timeout: 5000 });
    const families = await visit.page
      .locator('tr[data-family]')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-family')));
    expect(families).toEqual(['search']);
    await expect(visit.page.locator('[data-monitoring]').textContent()).resolves.toContain('/metrics');
    await visit.page.screenshot({ path: `${ARTIFACTS}status-live-open.png`, fullPage: true });

    // Back on the same port: after the cool-down a trial call succeeds and the circuit closes.
    replay = await startReplay({ port });
    const closed = visit.page.locator('[data-circuit="deezer"]', { hasText: /^closed$/ });
    for (let i = 0; i < 40 && !(await closed.isVisible()); i++) {
      await search(`back ${i}`);
      await visit.page.waitForTimeout(500);
    }
    await closed.waitFor({ timeout: 3000 });
    clearInterval(scrapes);
    expectClean(visit);
  }, 90_000);
});
