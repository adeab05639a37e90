/**
 * The runtime smoke suite against `sleeve/workers` in real `workerd` (miniflare), the example's
 * bundle with its KV namespace and Durable Object bound: answers, `/docs` from the embedded
 * copies, PNG cards from resvg's module as the bundler imports it (D47), and D12's
 * `/nowplaying/socket` through the Workers WebSocket API and as an event stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeImportsOf, reachableInputs } from '../../../scripts/build-workers.ts';
import { startWorkerd, type Workerd } from '../../helpers/workerd.ts';
import { handshake, hangUp } from '../../helpers/routes/handshake.ts';
import { TRANSPORTS } from '../../helpers/routes/streams.ts';
import { runCardChecks } from './_cards.ts';
import { runDocsChecks } from './_docs.ts';
import { overHttp, runSmoke } from './_smoke.ts';

let workerd: Workerd;
beforeAll(async () => {
  workerd = await startWorkerd();
}, 60_000);
afterAll(() => workerd?.stop());

const name = 'Cloudflare Workers (sleeve/workers in workerd)';
const http = overHttp(() => workerd.urls[0]!);
runSmoke(name, http);
runDocsChecks(name, http);
runCardChecks(name, http);

describe("the Worker's bundle (D47)", () => {
  it('reaches no node:* module from the entry, so it needs no nodejs_compat', () => {
    const { metafile, entry } = workerd.bundle;
    // The walk must start where the bundle does, and go through the sources the alias names.
    expect(reachableInputs(metafile, entry)).toContain('adapters/workers/card-files.ts');
    expect(nodeImportsOf(metafile, entry)).toEqual([]);
  });
});

describe('/nowplaying/socket on Workers (D12)', () => {
  it.each(TRANSPORTS)('%s: the first message on connect, to two clients at once', async (_name, open) => {
    const [one, two] = await Promise.all([open(workerd.urls[0]!), open(workerd.urls[0]!)]);
    try {
      const [a, b] = await Promise.all([one.next(), two.next()]);
      expect(a.type).toBe('nowplaying');
      expect(b.data.now_playing.sh_id).toBe(a.data.now_playing.sh_id);
    } finally {
      one.close();
      two.close();
    }
  });

  it('upgrades under a version prefix', async () => {
    const result = await handshake(`${workerd.urls[0]}/v2.5.0/nowplaying/socket`);
    expect(result).toMatchObject({ opened: true, first: { type: 'nowplaying' } });
    await hangUp(result);
  });

  it('refuses a handshake to an unknown station with its D3 body', async () => {
    const refused = await handshake(`${workerd.urls[0]}/nowplaying/socket?station=nope`);
    expect(refused).toMatchObject({ opened: false, status: 404 });
    if (!refused.opened) expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('a Worker with a var set wrong', () => {
  let wrong: Workerd;
  beforeAll(async () => {
    wrong = await startWorkerd([
      { SLEEVE_MODE: 'sideways' },
      { SLEEVE_STORAGE: 'redis://127.0.0.1:6379' },
      { SLEEVE_CATALOG: '/srv/catalog.json' },
    ]);
  }, 60_000);
  afterAll(() => wrong?.stop());

  it.each([
    [0, 'SLEEVE_MODE'],
    [1, 'SLEEVE_STORAGE'],
    [2, 'SLEEVE_CATALOG'],
  ])('answers every request 503 not_configured, naming the variable (instance %i: %s)', async (i, variable) => {
    const res = await fetch(`${wrong.urls[i]}/healthz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { ok: boolean; error: { code: string; message: string } };
    expect(body).toMatchObject({ ok: false, error: { code: 'not_configured' } });
    expect(body.error.message).toContain(variable);
  });
});
