/**
 * Every example `/openapi.json` publishes works: asked of a demo sleeve exactly as published
 * (the URL `/llms.txt` and the landing page show), it is answered 2xx or 302, and a JSON
 * answer fits the JSON Schema the document publishes for it. An operation whose example
 * cannot make a whole request (a path parameter, a body) is named, so none slips by.
 * The sleeve has a chat model (a fake OpenAI-compatible server on loopback): the AI routes'
 * examples are asked of a deployment that has configured one, as their docs say they need.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Ref } from '../../core/openapi/types.ts';
import { exampleUrl } from '../../core/self/curl.ts';
import { startReplay } from '../../replay/server.ts';
import { LIVE_ONLY } from '../helpers/live-only.ts';
import { UA } from '../routes/_client.ts';
import { startFakeModel } from '../helpers/fake-openai.ts';
import { describedSleeve, documentOf, operations, schemaValidator } from './_document.ts';

const BASE = 'http://sleeve.test';
const model = await startFakeModel();
afterAll(() => model.close());
const sleeve = describedSleeve({ rateLimits: 'off', ai: { url: model.url, model: 'example-model' } });
const doc = await documentOf(sleeve);
const validate = schemaValidator();
const replay = await startReplay();
afterAll(() => replay.close());
const live = describedSleeve({ mode: 'live', ...replay.options, rateLimits: 'off' });

/** The first chunk of an event stream, then the stream closed (it never ends by itself). */
async function firstEvent(res: Response, stop: AbortController): Promise<string> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  stop.abort();
  return new TextDecoder().decode(value);
}

describe('the published examples', () => {
  const all = operations(doc).map((o) => ({ ...o, url: exampleUrl(BASE, o.path, o.op) }));

  it('are checked by a validator that refuses a wrong answer', () => {
    expect(validate(doc.components.schemas.TrackHotAnswer!, { country: 'global', tracks: [{}] })).not.toBeNull();
  });

  it('leave out only what no query alone can ask', () => {
    expect(all.filter((o) => o.url === undefined).map((o) => `${o.method} ${o.path}`)).toEqual(['get /media/images/{kind}/{file}', 'post /batch', 'post /chat']);
  });

  it('that need live upstreams are a 503 not_configured in demo mode, never made-up data', async () => {
    const needing = all.filter((o) => o.method === 'get' && LIVE_ONLY.includes(o.path));
    expect(needing.map((o) => o.path)).toEqual(LIVE_ONLY);
    for (const { url } of needing) {
      const res = await sleeve.fetch(new Request(url!, { headers: { 'user-agent': UA } }));
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code], url).toEqual([503, 'not_configured']);
    }
  });

  it.each(all.filter((o) => o.url !== undefined).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s works and fits its schema', async (_, { url, op, path }) => {
    const events = Object.values(op.responses).some((r) => 'content' in r && r.content?.['text/event-stream']);
    const stop = new AbortController();
    const headers: Record<string, string> = { 'user-agent': UA, ...(events ? { accept: 'text/event-stream' } : {}) };
    const res = await (LIVE_ONLY.includes(path) ? live : sleeve).fetch(new Request(url!, { headers, signal: stop.signal }));
    expect([200, 302], `${url} → ${res.status}`).toContain(res.status);
    if (events) {
      expect(await firstEvent(res, stop)).toMatch(/^data: \{"type":"nowplaying"/);
      return;
    }
    if (!res.headers.get('content-type')?.startsWith('application/json')) return void (await res.arrayBuffer());
    const ok = op.responses['200'] as { content: Record<string, { schema: Ref }> };
    const name = ok.content['application/json']!.schema.$ref.split('/').pop()!;
    expect(validate(doc.components.schemas[name]!, await res.json()), url).toBeNull();
  });
});
