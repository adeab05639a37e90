/**
 * Every example `/openapi.json` publishes works: asked of a demo sleeve exactly as published
 * (the URL `/llms.txt` and the landing page show), it is answered 2xx or 302, and a JSON
 * answer fits the JSON Schema the document publishes for it. An operation whose example
 * cannot make a whole request (a path parameter, a body) is named, so none slips by.
 */
import { describe, expect, it } from 'vitest';
import type { Ref } from '../../core/openapi/types.ts';
import { exampleUrl } from '../../core/self/curl.ts';
import { UA } from '../routes/_client.ts';
import { describedSleeve, documentOf, operations, schemaValidator } from './_document.ts';

const BASE = 'http://sleeve.test';
const sleeve = describedSleeve({ rateLimits: 'off' });
const doc = await documentOf(sleeve);
const validate = schemaValidator();

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
    expect(all.filter((o) => o.url === undefined).map((o) => `${o.method} ${o.path}`)).toEqual(['get /media/images/{kind}/{file}', 'post /batch']);
  });

  it.each(all.filter((o) => o.url !== undefined).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s works and fits its schema', async (_, { url, op }) => {
    const events = Object.values(op.responses).some((r) => 'content' in r && r.content?.['text/event-stream']);
    const stop = new AbortController();
    const headers: Record<string, string> = { 'user-agent': UA, ...(events ? { accept: 'text/event-stream' } : {}) };
    const res = await sleeve.fetch(new Request(url!, { headers, signal: stop.signal }));
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
