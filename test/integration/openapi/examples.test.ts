/**
 * Every example `/openapi.json` publishes works: asked of a demo sleeve exactly as published
 * (the URL `/llms.txt` and the landing page show), it is answered 2xx or 302, and a JSON
 * answer fits the JSON Schema the document publishes for it. Every parameter and every body
 * has an example (issue #37: generated tests send filler where there is none), and the
 * required parameters' examples work alone, without the optional ones.
 * The sleeve has a chat model (a fake OpenAI-compatible server on loopback): the AI routes'
 * examples are asked of a deployment that has configured one, as their docs say they need.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Operation, Ref } from '../../../core/openapi/types.ts';
import { exampleUrl } from '../../../core/self/curl.ts';
import { startReplay } from '../../../replay/server.ts';
import { LIVE_ONLY, REPLAY_STATION } from '../../helpers/live-only.ts';
import { UA } from '../../helpers/routes/client.ts';
import { startFakeModel } from '../../helpers/fake-openai.ts';
import { describedSleeve, documentOf, operations, schemaValidator } from '../../helpers/openapi/document.ts';

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

  it('leave out only what no query alone can ask: the bodies, each with an example of its own', () => {
    expect(all.filter((o) => o.url === undefined).map((o) => `${o.method} ${o.path}`)).toEqual([
      'post /batch',
      'post /chat',
    ]);
    for (const { op, path } of all.filter((o) => o.url === undefined)) {
      expect(op.requestBody?.content['application/json']?.example, path).toBeDefined();
    }
  });

  it('give every parameter an example', () => {
    const missing = all.flatMap(({ method, path, op }) =>
      (op.parameters ?? []).filter((p) => p.example === undefined).map((p) => `${method} ${path} ${p.name}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(all.filter((o) => o.op.requestBody).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: its body example works and fits its schema',
    async (_, { path, op }) => {
      const body = op.requestBody!.content['application/json']!;
      const schema = doc.components.schemas[(body.schema as Ref).$ref.split('/').pop()!]!;
      expect(validate(schema, body.example), 'the example fits the body schema').toBeNull();
      const res = await sleeve.fetch(
        new Request(`${BASE}${path}`, {
          method: 'POST',
          headers: { 'user-agent': UA, 'content-type': 'application/json' },
          body: JSON.stringify(body.example),
        }),
      );
      expect(res.status, path).toBe(200);
      const ok = op.responses['200'] as { content: Record<string, { schema: Ref }> };
      const answer = await res.json();
      expect(
        validate(doc.components.schemas[ok.content['application/json']!.schema.$ref.split('/').pop()!]!, answer),
      ).toBeNull();
      // Each sub-request of the batch example is answered, none refused.
      if (path === '/batch')
        for (const sub of Object.values((answer as { responses: Record<string, { status: number }> }).responses))
          expect(sub.status).toBe(200);
    },
  );

  it('that need live upstreams are a 503 not_configured in demo mode, never made-up data', async () => {
    const needing = all.filter((o) => o.method === 'get' && LIVE_ONLY.includes(o.path));
    expect(needing.map((o) => o.path)).toEqual(LIVE_ONLY);
    for (const { url } of needing) {
      const res = await sleeve.fetch(new Request(url!, { headers: { 'user-agent': UA } }));
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code], url).toEqual([
        503,
        'not_configured',
      ]);
    }
  });

  it.each(all.filter((o) => o.url !== undefined).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s works and fits its schema',
    async (_, { url, op, path }) => {
      await worksAndFits(url!, op, path);
    },
  );

  // Issue #37: `/og?id=<an album>` alone was a 404. Operations with a rule tying parameters
  // together (`give artist or id`) are left out: no parameter is required, the rule says which to give.
  const alone = all.filter(
    (o) =>
      o.url !== undefined && !o.op.description.includes('- Rule:') && (o.op.parameters ?? []).some((p) => !p.required),
  );
  it.each(alone.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: its required parameters work alone, without the optional ones',
    async (_, { op, path }) => {
      const required = { ...op, parameters: (op.parameters ?? []).filter((p) => p.required) };
      await worksAndFits(exampleUrl(BASE, path, required)!, required, path);
    },
  );

  it('ask the required parameters alone of the operations that have optional ones, /og among them', () => {
    expect(alone.map((o) => o.path)).toContain('/og');
    expect(alone.length).toBeGreaterThan(15);
  });

  async function worksAndFits(url: string, op: Operation, path: string): Promise<void> {
    const events = Object.values(op.responses).some((r) => 'content' in r && r.content?.['text/event-stream']);
    const stop = new AbortController();
    const headers: Record<string, string> = { 'user-agent': UA, ...(events ? { accept: 'text/event-stream' } : {}) };
    const isLive = LIVE_ONLY.includes(path);
    const asked = isLive ? url.replace(/([?&]station=)sleeve\b/, `$1${REPLAY_STATION}`) : url;
    const res = await (isLive ? live : sleeve).fetch(new Request(asked, { headers, signal: stop.signal }));
    expect([200, 302], `${url} → ${res.status}`).toContain(res.status);
    if (events) {
      expect(await firstEvent(res, stop)).toMatch(/^data: \{"type":"nowplaying"/);
      return;
    }
    if (!res.headers.get('content-type')?.startsWith('application/json')) return void (await res.arrayBuffer());
    const ok = op.responses['200'] as { content: Record<string, { schema: Ref }> };
    const name = ok.content['application/json']!.schema.$ref.split('/').pop()!;
    expect(validate(doc.components.schemas[name]!, await res.json()), url).toBeNull();
  }
});
