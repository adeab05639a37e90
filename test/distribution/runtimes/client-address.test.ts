/**
 * Each client keeps a rate limit of its own with nothing written for its address (issue #51):
 * the README's embed snippet, read out of the README and served by `@hono/node-server`, and
 * Sleeve's handler served by the real Bun (`Bun.serve({ fetch: sleeve.fetch })`) and Deno
 * (`Deno.serve(sleeve.fetch)`). One loopback address is driven to its `429`; another
 * (127.0.0.2, which Linux routes to the loopback too) still gets `200`.
 */
import { request as httpRequest } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, startChild } from '../../helpers/child-server.ts';

const UA = 'Address/1.0 (address@example.com)';
const README = readFileSync(`${ROOT}README.md`, 'utf8');

/** A GET from a chosen local address: the server sees it as the client's. */
function getFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, headers: { 'user-agent': UA } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Drives one address to its 429 (the window may turn meanwhile: the loop goes on), then asks from another. */
async function limitedApart(url: string): Promise<{ first: number; other: number }> {
  let first = 0;
  // /track/hot allows 30 a minute: 100 tries reach a 429 even if a minute turns on the way.
  for (let i = 0; i < 100 && first !== 429; i++) first = await getFrom('127.0.0.1', url);
  return { first, other: await getFrom('127.0.0.2', url) };
}

describe('the client address, with nothing written for it', () => {
  const stops: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('the README’s embed snippet under @hono/node-server counts each client apart', async () => {
    const snippet = [...README.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .find((code) => code.includes('app.mount('));
    expect(snippet, 'a README ts block mounting Sleeve').toBeDefined();
    // Written where vitest resolves `sleeve` and `hono` as the README's reader's install would.
    mkdirSync(`${ROOT}test/artifacts`, { recursive: true });
    const file = `${ROOT}test/artifacts/readme-embed-${process.pid}.ts`;
    writeFileSync(file, `${snippet}\nexport { app };\n`);
    const { app } = (await import(file)) as { app: Hono };
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    stops.push(() => new Promise<void>((done) => server.close(() => done())));
    await new Promise<void>((done) => server.once('listening', done));
    const { port } = server.address() as AddressInfo;
    const { first, other } = await limitedApart(`http://127.0.0.1:${port}/music/track/hot`);
    expect(first).toBe(429);
    expect(other).toBe(200);
  });

  it.each([
    ['Bun.serve({ fetch: sleeve.fetch })', `${BIN}bun`, ['test/distribution/runtimes/_bare-serve.ts']],
    [
      'Deno.serve(sleeve.fetch)',
      `${BIN}deno`,
      ['run', '--allow-net', '--allow-env', '--allow-read', 'test/distribution/runtimes/_bare-serve.ts'],
    ],
  ])(
    '%s counts each client apart',
    async (shown, command, args) => {
      expect(README).toContain(shown);
      const server = await startChild(command, args, {}, 60_000);
      stops.push(() => server.stop());
      const { first, other } = await limitedApart(`${server.url}/track/hot`);
      expect(first).toBe(429);
      expect(other).toBe(200);
    },
    90_000,
  );
});
