/**
 * D31: the AI routes' hourly budgets, with the deployment's limits on. `/ai/*`
 * and `/assistant` share 10 fresh generations per client per hour: the 11th is a 429 with
 * D8's headers and `Retry-After`, while a cached answer still comes (it does not count), and
 * so do requests that never reach the model. `/chat` allows 50 messages; the 51st is a 429.
 * Budgets are per client IP and start afresh with the next hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sleeve } from '../../../core/index.ts';
import { startFakeModel, type FakeModel } from '../../helpers/fake-openai.ts';
import { UA } from '../../helpers/routes/client.ts';
import { aiSleeve, postChat } from '../../helpers/routes/ai.ts';

let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel();
});
afterAll(async () => {
  await model.close();
});

/** A Sleeve with the deployment's own limits (factor 1) and a clock the test moves. */
function limited(): { sleeve: Sleeve; clock: { now: number } } {
  // Ten minutes into an hour, so the hour's end is 50 minutes away.
  const clock = { now: Date.UTC(2026, 0, 1, 12, 10) };
  return { sleeve: aiSleeve(model, { rateLimits: 1, now: () => clock.now }), clock };
}

const ask = (sleeve: Sleeve, path: string, ip = '203.0.113.7') =>
  sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA } }), { clientIp: ip });

describe('/ai/* and /assistant: 10 fresh generations per hour per client', () => {
  it('answers ten, refuses the eleventh with 429 and the budget in its headers, and still serves cached answers', async () => {
    const { sleeve, clock } = limited();
    const before = model.calls.length;
    for (let i = 1; i <= 10; i++) {
      const res = await ask(sleeve, `/assistant?query=question+${i}`);
      expect(res.status, `question ${i}`).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('10');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(10 - i));
      await res.arrayBuffer();
    }
    expect(model.calls.length - before).toBe(10);
    // The budget is shared: the eleventh fresh generation, on another /ai/* route, is refused.
    const refused = await ask(sleeve, '/ai/track-insights?isrc=GBE8P2600039');
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as any;
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toContain('10 per hour');
    expect(refused.headers.get('retry-after')).toBe(String(50 * 60));
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(50 * 60));
    expect(model.calls.length - before).toBe(10);
    // A cached answer does not count, before or after the budget is spent.
    const cached = await ask(sleeve, '/assistant?query=question+3');
    expect([cached.status, cached.headers.get('x-cache')]).toEqual([200, 'HIT']);
    // Neither do requests that never reach the model: bad input, an unknown track.
    expect((await ask(sleeve, '/ai/track-insights?isrc=ZZZZZ9999999')).status).toBe(404);
    expect((await ask(sleeve, '/ai/track-insights')).status).toBe(400);
    // Another client has its own budget.
    expect((await ask(sleeve, '/assistant?query=question+11', '198.51.100.9')).status).toBe(200);
    // The next hour starts afresh.
    clock.now += 50 * 60 * 1000;
    expect((await ask(sleeve, '/ai/track-insights?isrc=GBE8P2600039')).status).toBe(200);
  });

  it('lets a cached answer through even when the budget is spent', async () => {
    const { sleeve } = limited();
    expect((await ask(sleeve, '/assistant?query=kept')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await ask(sleeve, `/assistant?query=other+${i}`)).status).toBe(200);
    expect((await ask(sleeve, '/assistant?query=one+more')).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await ask(sleeve, '/assistant?query=kept')).status).toBe(200);
  });

  it('is not enforced, nor announced, with SLEEVE_RATE_LIMITS=off; doubled with a factor of 2', async () => {
    const off = aiSleeve(model);
    for (let i = 0; i < 12; i++) expect((await ask(off, `/assistant?query=free+${i}`)).status).toBe(200);
    const doubled = aiSleeve(model, { rateLimits: 2 });
    const res = await ask(doubled, '/assistant?query=twice');
    expect(res.headers.get('ratelimit-limit')).toBe('20');
  });
});

describe('/chat: 50 messages per hour per client', () => {
  it('answers fifty, refuses the fifty-first with 429, and never counts a refused body', async () => {
    const { sleeve } = limited();
    const send = (body: unknown) => {
      const res = sleeve.fetch(
        new Request('http://sleeve.test/chat', {
          method: 'POST',
          headers: { 'user-agent': UA, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        { clientIp: '203.0.113.50' },
      );
      return res;
    };
    const before = model.calls.length;
    for (let i = 1; i <= 50; i++) {
      const res = await send({ messages: [{ role: 'user', content: `message ${i}` }] });
      expect(res.status, `message ${i}`).toBe(200);
      if (i === 50) expect(res.headers.get('ratelimit-remaining')).toBe('0');
      await res.arrayBuffer();
      // A bad body in between is a 400 and does not use up a message (nor the per-minute 60: 51 + 1 here).
      if (i === 25) expect((await send({ messages: [{ role: 'system', content: 'x' }] })).status).toBe(400);
    }
    const refused = await send({ messages: [{ role: 'user', content: 'message 51' }] });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as any).error.message).toContain('chat messages: at most 50 per hour');
    expect(refused.headers.get('retry-after')).toBe(String(50 * 60));
    expect(model.calls.length - before).toBe(50);
  });

  it('does not share its budget with /ai/*', async () => {
    const { sleeve } = limited();
    for (let i = 0; i < 10; i++)
      expect((await ask(sleeve, `/assistant?query=spent+${i}`, '203.0.113.60')).status).toBe(200);
    const chat = await sleeve.fetch(
      new Request('http://sleeve.test/chat', {
        method: 'POST',
        headers: { 'user-agent': UA, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
      }),
      { clientIp: '203.0.113.60' },
    );
    expect(chat.status).toBe(200);
  });
});

it('postChat helper reads the 429 too', async () => {
  // The helper used elsewhere must not hide a refusal: a spent budget answers D3's shape.
  const { sleeve } = limited();
  for (let i = 0; i < 50; i++) await postChat(sleeve, { messages: [{ role: 'user', content: `m${i}` }] });
  const last = await postChat(sleeve, { messages: [{ role: 'user', content: 'one too many' }] });
  expect([last.status, last.body.ok, last.body.error.code]).toEqual([429, false, 'rate_limited']);
});
