/**
 * Every endpoint on Workers (D47): each example `/openapi.json` publishes, asked of
 * `sleeve/workers` in real workerd as published. In demo mode each answers 2xx or 302 (the
 * live-only ones 503 `not_configured`, as everywhere); in live mode, over the loopback replay,
 * each is served by the live drivers inside workerd: the live-only ones 200 (or the stream's
 * 302), and none a 5xx, whatever the replay holds for the demo's example ids. The AI routes
 * ask a fake chat model on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../core/openapi/types.ts';
import { exampleUrl } from '../../../core/self/curl.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { LIVE_ONLY, REPLAY_STATION } from '../../helpers/live-only.ts';
import { startWorkerd, type Workerd } from '../../helpers/workerd.ts';
import { operations } from '../../helpers/openapi/document.ts';
import { UA } from '../../helpers/routes/client.ts';
import { startFakeModel } from '../../helpers/fake-openai.ts';

let replay: Replay;
let model: Awaited<ReturnType<typeof startFakeModel>>;
let workerd: Workerd;
beforeAll(async () => {
  [replay, model] = await Promise.all([startReplay(), startFakeModel()]);
  // The AI routes' examples are asked of a deployment with a chat model, as their docs say they need.
  const common = { SLEEVE_RATE_LIMITS: 'off', SLEEVE_AI_URL: model.url, SLEEVE_AI_MODEL: 'example-model' };
  workerd = await startWorkerd([common, { ...common, SLEEVE_MODE: 'live', SLEEVE_UPSTREAMS: replay.url }]);
}, 60_000);
afterAll(async () => {
  await workerd?.stop();
  await Promise.all([replay?.close(), model?.close()]);
});

/** Asks `url`, reading an event stream's first chunk only (it never ends by itself). */
async function ask(url: string): Promise<{ status: number; code?: string }> {
  const stop = new AbortController();
  const res = await fetch(url, {
    headers: { 'user-agent': UA, accept: 'text/event-stream, application/json' },
    signal: stop.signal,
    redirect: 'manual',
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    stop.abort();
    return { status: res.status };
  }
  const body = type.startsWith('application/json') ? ((await res.json()) as { error?: { code?: string } }) : undefined;
  if (!body) await res.arrayBuffer();
  return { status: res.status, code: body?.error?.code };
}

describe('every published example on Workers', () => {
  const examples = async (base: string) => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApiDocument;
    return operations(doc)
      .map((o) => ({ path: o.path, url: exampleUrl(base, o.path, o.op) }))
      .filter((o): o is { path: string; url: string } => o.url !== undefined);
  };

  it('demo mode: 2xx or 302, the live-only ones 503 not_configured', async () => {
    const all = await examples(workerd.urls[0]!);
    expect(all.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const { path, url } of all) {
      const { status, code } = await ask(url);
      const fine = LIVE_ONLY.includes(path)
        ? status === 503 && code === 'not_configured'
        : status < 300 || status === 302;
      if (!fine) wrong.push(`${url} → ${status} ${code ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('live mode over the replay: the live-only ones 200 or 302, and none a 5xx', async () => {
    const all = await examples(workerd.urls[1]!);
    const wrong: string[] = [];
    let answered = 0;
    for (const { path, url } of all) {
      const asked = LIVE_ONLY.includes(path) ? url.replace(/([?&]station=)sleeve\b/, `$1${REPLAY_STATION}`) : url;
      const { status, code } = await ask(asked);
      if (status < 400) answered++;
      if (LIVE_ONLY.includes(path) ? status !== 200 && status !== 302 : status >= 500)
        wrong.push(`${asked} → ${status} ${code ?? ''}`);
    }
    expect(wrong).toEqual([]);
    // Most are answered from the replay's recordings, not merely refused.
    expect(answered).toBeGreaterThan(all.length / 2);
  });
});
