import { createStorage } from 'unstorage';
import { describe, expect, it, vi } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import { sourcesWithProbes, type ProbeBehaviour } from '../../helpers/sources.ts';
import { CHECK_TIMEOUT_MS } from '../../../core/services/health.ts';

const get = (sleeve: ReturnType<typeof createSleeve>) => sleeve.fetch(new Request('http://x/healthz'));

function sleeveWith(music: ProbeBehaviour, features: ProbeBehaviour, storageBroken = false) {
  const storage = createStorage();
  if (storageBroken)
    storage.setItem = async () => {
      throw new Error('storage down');
    };
  return createSleeve({ sources: sourcesWithProbes(music, features), storage });
}

describe('/healthz (D13)', () => {
  it('answers ok with three checks, no-store, and no User-Agent needed', async () => {
    const res = await get(createSleeve());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', version: '3.0.0', degraded: false });
    expect(body.releasedAt).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.checks.map((c: { name: string }) => c.name)).toEqual([
      'upstream-music-api',
      'upstream-audio-features',
      'cache-backend',
    ]);
    for (const check of body.checks)
      expect(check).toEqual({ name: check.name, ok: true, status: 200, latencyMs: expect.any(Number) });
  });

  it("says what each check asked (D45): in demo mode the demo catalogue, standing in for both upstreams, under the interface's names", async () => {
    const res = await get(createSleeve({ log: { info() {}, error() {} } }));
    expect(res.headers.get('x-sleeve-checked')).toBe(
      'upstream-music-api=demo catalogue, upstream-audio-features=demo catalogue, cache-backend=memory',
    );
    const fs = await get(createSleeve({ storage: 'fs:/tmp/sleeve-health-test', log: { info() {}, error() {} } }));
    expect(fs.headers.get('x-sleeve-checked')).toMatch(/, cache-backend=fs$/);
  });

  it('names what it checked without an address or a path (D61): the upstreams by name in live mode, the storage by kind', async () => {
    const fetch = async () => Response.json({ data: [{ id: 1, name: 'All' }] });
    const live = createSleeve({
      mode: 'live',
      upstreams: {
        deezer: 'http://user:s3cret@127.0.0.1:8799/deezer',
        features: 'http://user:s3cret@127.0.0.1:8799/reccobeats',
      },
      storage: 'fs:/tmp/sleeve-health-secret-path',
      fetch,
      log: { info() {}, error() {} },
    });
    const checked = (await get(live)).headers.get('x-sleeve-checked');
    expect(checked).toBe('upstream-music-api=deezer, upstream-audio-features=reccobeats, cache-backend=fs');
  });

  it('reports a hung probe as ok:false status:0 after 2.5 s, without holding the endpoint longer', async () => {
    // On the fake clock: the answer is not there a moment before the check's 2.5 s, and is at them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sleeve = sleeveWith('hang', 'ok');
      let res: Response | undefined;
      void Promise.resolve(get(sleeve)).then((answer) => (res = answer));
      await vi.advanceTimersByTimeAsync(CHECK_TIMEOUT_MS - 1);
      expect(res).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(res?.status).toBe(200);
      const body = await res!.json();
      expect(body.checks[0]).toMatchObject({ name: 'upstream-music-api', ok: false, status: 0 });
      expect(body.degraded).toBe(true);
      expect(body.status).toBe('degraded');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 503 only when both upstream checks fail', async () => {
    expect((await get(sleeveWith('fail', 'throw'))).status).toBe(503);
    expect((await get(sleeveWith('fail', 'ok'))).status).toBe(200);
    expect((await get(sleeveWith('ok', 'fail'))).status).toBe(200);
  });

  it('answers 200 degraded when only the storage fails', async () => {
    const res = await get(sleeveWith('ok', 'ok', true));
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.degraded).toBe(true);
    expect(body.checks[2]).toMatchObject({ name: 'cache-backend', ok: false, status: 0 });
  });

  it('reports the upstream status it saw', async () => {
    const body = await (await get(sleeveWith('fail', 'ok'))).json();
    expect(body.checks[0]).toMatchObject({ ok: false, status: 502 });
  });
});
