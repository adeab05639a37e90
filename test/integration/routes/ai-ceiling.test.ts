/**
 * D56: the instance's ceiling on model calls, against the fake model on loopback. Many clients,
 * each well within its own budget, ask distinct questions on every AI route: the model receives
 * exactly the ceiling's calls, and the next fresh generation is a 503 `service_unavailable`
 * with `Retry-After`, with the rate limits on and with them off. Cached answers and requests
 * that never reach the model do not count; the next hour frees the calls; the description
 * says the ceiling either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sleeve, SleeveOptions } from '../../../core/index.ts';
import { startFakeModel, type FakeModel } from '../../helpers/fake-openai.ts';
import { UA } from '../../helpers/routes/client.ts';
import { aiSleeve } from '../../helpers/routes/ai.ts';

let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel();
});
afterAll(async () => {
  await model.close();
});

const CEILING = 7;
/** More clients than the ceiling has calls, each asking one question: no client's own budget is near. */
const CLIENTS = 12;

/** Ten minutes into an hour, so the hour's end is 50 minutes away. */
function ceiled(rateLimits: SleeveOptions['rateLimits']): { sleeve: Sleeve; clock: { now: number } } {
  const clock = { now: Date.UTC(2026, 0, 1, 12, 10) };
  return { sleeve: aiSleeve(model, { rateLimits, aiPerHour: CEILING, now: () => clock.now }), clock };
}

const get = (sleeve: Sleeve, path: string, ip: string) =>
  sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA } }), { clientIp: ip });

const chat = (sleeve: Sleeve, content: string, ip: string) =>
  sleeve.fetch(
    new Request('http://sleeve.test/chat', {
      method: 'POST',
      headers: { 'user-agent': UA, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content }] }),
    }),
    { clientIp: ip },
  );

/** Client `i`'s one fresh generation, its route in turn: `/assistant`, `/chat`, once `/ai/track-insights` (budgets `ai` and `chat`). */
async function generation(sleeve: Sleeve, i: number): Promise<Response> {
  const ip = `203.0.113.${i + 1}`;
  if (i === 2) return get(sleeve, '/ai/track-insights?isrc=GBE8P2600039', ip);
  if (i % 2 === 0) return get(sleeve, `/assistant?query=question+${i}`, ip);
  return chat(sleeve, `message ${i}`, ip);
}

describe.each([
  ['on', 1],
  ['off', 'off'],
] as const)('the instance ceiling with rate limits %s', (_, rateLimits) => {
  it(`gives the model exactly ${CEILING} calls from ${CLIENTS} clients, then answers 503 with Retry-After`, async () => {
    const { sleeve, clock } = ceiled(rateLimits);
    const before = model.calls.length;
    // Requests that never reach the model, before and among the generations, never count.
    expect((await get(sleeve, '/ai/track-insights?isrc=ZZZZZ9999999', '198.51.100.1')).status).toBe(404);
    expect((await get(sleeve, '/ai/track-insights', '198.51.100.1')).status).toBe(400);
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < CLIENTS; i++) {
      const res = await generation(sleeve, i);
      statuses.push(res.status);
      if (res.status === 200) await res.arrayBuffer();
      else refused ??= res;
      if (i === 1) expect((await get(sleeve, '/assistant', '198.51.100.2')).status).toBe(400);
    }
    expect(model.calls.length - before).toBe(CEILING);
    expect(statuses).toEqual([...Array(CEILING).fill(200), ...Array(CLIENTS - CEILING).fill(503)]);
    expect(refused!.headers.get('retry-after')).toBe(String(50 * 60));
    const body = (await refused!.json()) as any;
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('service_unavailable');
    expect(body.error.message).toContain(`AI budget for the hour is spent: at most ${CEILING} model calls per hour`);
    // An answer from the cache still comes, and does not call the model.
    const cached = await get(sleeve, '/assistant?query=question+0', '198.51.100.3');
    expect([cached.status, cached.headers.get('x-cache')]).toEqual([200, 'HIT']);
    expect(model.calls.length - before).toBe(CEILING);
    // The next hour frees the calls.
    clock.now += 50 * 60_000;
    expect((await generation(sleeve, CLIENTS)).status).toBe(200);
    expect(model.calls.length - before).toBe(CEILING + 1);
  });

  it('is stated in /openapi.json and /llms.txt', async () => {
    const { sleeve } = ceiled(rateLimits);
    const doc = (await (await sleeve.fetch(new Request('http://sleeve.test/openapi.json'))).json()) as any;
    const operations: [string, string][] = [
      ['/assistant', 'get'],
      ['/chat', 'post'],
      ['/ai/track-insights', 'get'],
    ];
    for (const [path, method] of operations) expect(doc.paths[path][method]['x-ai-per-hour'], path).toBe(CEILING);
    expect(doc.paths['/track/hot'].get['x-ai-per-hour']).toBeUndefined();
    const phrase = `at most ${CEILING} model calls per hour for the whole instance`;
    expect(doc.paths['/assistant'].get.description).toContain(phrase);
    expect(doc.info.description).toContain(`${phrase} (\`x-ai-per-hour\`)`);
    const llms = await (await sleeve.fetch(new Request('http://sleeve.test/llms.txt'))).text();
    expect(llms).toContain(phrase);
  });
});
