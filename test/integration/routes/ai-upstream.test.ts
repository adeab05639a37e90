/**
 * D3 for the chat model (D30): every way a model server fails is the spec's error shape,
 * never a 500 or a hang: a 5xx, a refused key, garbage, a body over the cap and an answer
 * without a reply are 502 `upstream_error`; no answer in time is 504; its own 429 is 503
 * `service_unavailable` with its `Retry-After`. A failure is not cached (the next call asks
 * again), and calls mostly failing open the circuit so callers hear at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { prepareCatalog, type Sleeve } from '../../../core/index.ts';
import { MIN_CALLS } from '../../../core/drivers/kit/circuit.ts';
import { startFakeModel, type FakeModel, type ModelFault } from '../../helpers/fake-openai.ts';
import { call } from '../../helpers/routes/client.ts';
import { aiSleeve, postChat } from '../../helpers/routes/ai.ts';

let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel();
  // The demo catalogue, built once a process (about a second of one block on a busy machine),
  // is built here: built by the first case, it held the loop past that case's 300-ms model timeout.
  await prepareCatalog();
});
beforeEach(() => model.fault(null));
afterAll(async () => {
  await model.close();
});

/** A fresh Sleeve each time: its own circuit and cache, and a short model timeout. */
const fresh = (): Sleeve => aiSleeve(model, { ai: { url: model.url, model: 'm', timeoutMs: 300 } });

describe.each<[ModelFault, number, string, RegExp]>([
  ['http500', 502, 'upstream_error', /answered HTTP 500/],
  ['http401', 502, 'upstream_error', /key was refused/],
  ['garbage', 502, 'upstream_error', /not JSON/],
  ['huge', 502, 'upstream_error', /over 262144 bytes/],
  ['no-choices', 502, 'upstream_error', /unexpected shape/],
  ['hang', 504, 'upstream_timeout', /within 300 ms/],
  ['http429', 503, 'service_unavailable', /rate limit/],
])('a model that fails with %s', (fault, status, code, message) => {
  it(`is a ${status} ${code} on /ai/track-insights and on /chat, not cached`, async () => {
    const sleeve = fresh();
    model.fault(fault);
    const before = model.calls.length;
    const insight = await call('/ai/track-insights?isrc=GBE8P2600039', { sleeve });
    expect(insight.status, JSON.stringify(insight.body)).toBe(status);
    expect(insight.body).toMatchObject({ ok: false, error: { code } });
    expect(insight.body.error.message).toMatch(message);
    if (fault === 'http429') expect(insight.headers.get('retry-after')).toBe('7');
    const chat = await postChat(sleeve, { messages: [{ role: 'user', content: 'hello' }] });
    expect([chat.status, chat.body.error.code]).toEqual([status, code]);
    // One call each, however it failed: nothing is tried again or waited out past the timeout
    // (a hang is the 504 above). Counted, not timed: the machine's load is not the code's.
    expect(model.calls.length - before).toBe(2);
    model.fault(null);
    const after = await call('/ai/track-insights?isrc=GBE8P2600039', { sleeve });
    expect([after.status, after.headers.get('x-cache')]).toEqual([200, 'MISS']);
  });
});

it(`opens the circuit once ${MIN_CALLS} calls mostly failed: the next caller is answered at once without a call`, async () => {
  const sleeve = fresh();
  model.fault('http500');
  for (let i = 0; i < MIN_CALLS; i++) expect((await call(`/assistant?query=q${i}`, { sleeve })).status).toBe(502);
  const calls = model.calls.length;
  const refused = await call('/assistant?query=after', { sleeve });
  expect(refused.status).toBe(502);
  expect(refused.body.error.message).toMatch(/not asked again/);
  expect(model.calls.length).toBe(calls);
});

it('an unreachable model is a 502', async () => {
  const gone = await startFakeModel();
  await gone.close();
  const sleeve = aiSleeve(gone);
  const { status, body } = await call('/ai/artist-summary?id=1361', { sleeve });
  expect([status, body.error.code]).toEqual([502, 'upstream_error']);
  expect(body.error.message).toContain('unreachable');
});
