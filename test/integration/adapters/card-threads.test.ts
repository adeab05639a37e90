/**
 * D53 on a real Node server: PNG cards are drawn on worker threads (`adapters/shared/card-pool.ts`),
 * so while one client's cards are being drawn, another client's requests are answered. Asserted by
 * count, not duration: before, resvg drew on the thread that answers requests, and no other
 * request was answered while a card was being drawn.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';

const UA = 'CardThreads/1.0 (cards@example.com)';
const errors: string[] = [];
const log = { info() {}, error: (message: string) => void errors.push(message) };
let served: Served;

beforeAll(async () => {
  // Behind a proxy, so the test can speak as two clients from one loopback address.
  served = await serve({ port: 0, hostname: '127.0.0.1', log, rateLimits: 'off', trustProxy: true });
});
afterAll(() => served.shutdown());

const ask = (client: string, path: string): Promise<Response> =>
  fetch(`${served.url}${path}`, { headers: { 'user-agent': UA, 'x-forwarded-for': client } });

it('answers another client while cards are being drawn', async () => {
  const { music } = served.sleeve.deps.drivers;
  const albums = (await music.newReleases({ limit: 4 })).map((a) => a.id);
  // The first card starts the threads and resvg in them.
  expect((await ask('10.0.0.9', `/og?type=album&id=${albums[0]}`)).status).toBe(200);
  let drawing = 2;
  const cards = albums.slice(1, 3).map((id) =>
    ask('10.0.0.1', `/og?type=album&id=${id}`).then(async (res) => {
      await res.arrayBuffer();
      drawing--;
      return res.status;
    }),
  );
  // Another client asks, one request after the other, until the cards are drawn.
  let answeredMeanwhile = 0;
  while (drawing > 0) {
    const res = await ask('10.0.0.2', '/errors');
    await res.arrayBuffer();
    if (drawing > 0 && res.status === 200) answeredMeanwhile++;
  }
  expect(await Promise.all(cards)).toEqual([200, 200]);
  // Two drawings of ~0.1 s each take longer than a few answers of ~1 ms; drawn on the answering
  // thread, none would be answered in between.
  expect(answeredMeanwhile).toBeGreaterThanOrEqual(5);
  expect(errors).toEqual([]);
});
