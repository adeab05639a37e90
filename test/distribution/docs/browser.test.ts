/**
 * Issue #12: the `/docs` page in a real Chromium, against a real server on loopback: offline
 * (any request to another host fails the test), with no console or CSP error, its operations
 * listed, and "Try it out" answering `/search/all` with the README's example contact sent as
 * `Api-User-Agent` (D2). Then the same page with Sleeve mounted under `/music` by a host app
 * (examples/embed): every file, the spec and the call stay under `/music`.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve as serveHost } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { app as embedApp } from '../../../examples/embed/app.ts';
import { ROOT } from '../../helpers/child-server.ts';
import {
  launchChromium,
  newVisit,
  operation,
  SKIP_BROWSER,
  tryOutSearch,
  type Visit,
} from '../../helpers/docs/browser.ts';

const EXAMPLE_CONTACT = 'MyApp/1.0 (you@example.com)';
const ARTIFACTS = `${ROOT}test/artifacts/`;
const title = SKIP_BROWSER ? '/docs in Chromium (skipped: SLEEVE_SKIP_BROWSER=1)' : '/docs in Chromium';

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const close = (server: Server | undefined) =>
  new Promise<void>((done) => (server ? server.close(() => done()) : done()));

/** What every visit must show: nothing asked elsewhere, nothing refused, the operations listed. */
async function expectListed(visit: Visit) {
  await operation(visit.page, '/search/all').waitFor();
  for (const path of ['/search/all', '/track/hot', '/editorial/genres'])
    await expect(operation(visit.page, path).count(), path).resolves.toBe(1);
}

function expectClean(visit: Visit) {
  expect(visit.external, 'requests to other hosts (the page must work offline)').toEqual([]);
  expect(visit.problems, 'console errors, page errors and CSP refusals').toEqual([]);
}

describe.skipIf(SKIP_BROWSER)(title, () => {
  let browser: Browser;
  let served: Served;
  let host: Server;
  beforeAll(async () => {
    [browser, served] = await Promise.all([
      launchChromium(),
      serve({ port: 0, hostname: '127.0.0.1', requestLog: 'off' }),
    ]);
    host = await new Promise<Server>((resolve) => {
      const server = serveHost({ fetch: embedApp.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(server as Server),
      ) as Server;
    });
  }, 30_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), close(served?.server), close(host)]);
  }, 30_000);

  it('lists the operations offline, and "Try it out" answers /search/all with the example contact in Api-User-Agent', async () => {
    const origin = originOf(served.server);
    const visit = await newVisit(browser, origin);
    const answer = await visit.page.goto(`${origin}/docs`);
    expect(answer?.status()).toBe(200);
    await expectListed(visit);

    const tried = await tryOutSearch(visit, 'love');
    // A 200 at all proves the contact arrived: the browser sent its own User-Agent, which holds none.
    expect(tried.status).toBe('200');
    expect(new URL(tried.request.url()).pathname).toBe('/search/all');
    expect((await tried.request.allHeaders())['api-user-agent']).toBe(EXAMPLE_CONTACT);
    const body = JSON.parse(tried.body);
    expect(body.query).toBe('love');
    expect(body.total).toBeGreaterThan(0);
    expect(body.tracks.length).toBeGreaterThan(0);

    mkdirSync(ARTIFACTS, { recursive: true });
    await visit.page.screenshot({ path: `${ARTIFACTS}docs.png`, fullPage: true });
    expectClean(visit);
  }, 60_000);

  it('/docs/ redirects to /docs, where the relative links resolve', async () => {
    const origin = originOf(served.server);
    const visit = await newVisit(browser, origin);
    await visit.page.goto(`${origin}/docs/`);
    expect(visit.page.url()).toBe(`${origin}/docs`);
    await expectListed(visit);
    expectClean(visit);
  }, 60_000);

  it('under a mount prefix (examples/embed, /music): files, spec and "Try it out" all stay under /music', async () => {
    const origin = originOf(host);
    const visit = await newVisit(browser, origin);
    await visit.page.goto(`${origin}/music/docs/`);
    expect(visit.page.url()).toBe(`${origin}/music/docs`);
    await expectListed(visit);
    const tried = await tryOutSearch(visit, 'love');
    expect(tried.status).toBe('200');
    expect(new URL(tried.request.url()).pathname).toBe('/music/search/all');
    expect(JSON.parse(tried.body).total).toBeGreaterThan(0);

    const paths = visit.requests.map((request) => new URL(request.url()).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/music/docs',
        '/music/docs/swagger-ui.css',
        '/music/docs/swagger-ui-bundle.js',
        '/music/docs/init.js',
        '/music/openapi.json',
      ]),
    );
    expect(
      paths.filter((path) => !path.startsWith('/music/')),
      'requests outside the mount',
    ).toEqual([]);
    await visit.page.screenshot({ path: `${ARTIFACTS}docs-music.png`, fullPage: true });
    expectClean(visit);
  }, 60_000);
});
