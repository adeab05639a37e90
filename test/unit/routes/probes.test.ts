/**
 * D55: `/livez` and `/readyz` as a Sleeve answers them: no User-Agent needed, never cached,
 * never rate limited, no upstream asked, and what a drain does to each.
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import type { ProbeResult } from '../../../core/drivers/contracts/driver.ts';
import { createCatalogDrivers } from '../../../core/drivers/catalog/index.ts';

const quiet = { info() {}, error() {} };
const get = (sleeve: ReturnType<typeof createSleeve>, path: string) =>
  Promise.resolve(sleeve.fetch(new Request(`http://sleeve.test${path}`), { clientIp: '203.0.113.9' }));

/** Drivers whose upstream probes count themselves: the probes must never be asked. */
function countingSources() {
  const sources = createCatalogDrivers();
  const asked = { probes: 0 };
  const probe = async (): Promise<ProbeResult> => (asked.probes++, { ok: true, status: 200 });
  return {
    asked,
    sources: { ...sources, music: { ...sources.music, probe }, features: { ...sources.features, probe } },
  };
}

describe('/livez and /readyz (D55)', () => {
  it('answer 200 with no User-Agent, no-store, and ask no upstream', async () => {
    const { asked, sources } = countingSources();
    const sleeve = createSleeve({ sources, log: quiet });
    const live = await get(sleeve, '/livez');
    expect([live.status, await live.json()]).toEqual([200, { status: 'live' }]);
    const ready = await get(sleeve, '/readyz');
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', storage: 'ok' }]);
    for (const res of [live, ready]) expect(res.headers.get('cache-control')).toBe('no-store');
    expect(asked.probes).toBe(0);
  });

  it('are never rate limited: a client past every limit still gets them', async () => {
    const sleeve = createSleeve({ rateLimits: 0.02, log: quiet });
    const statuses = new Set<number>();
    for (let i = 0; i < 60; i++) {
      statuses.add((await get(sleeve, '/livez')).status);
      statuses.add((await get(sleeve, '/readyz')).status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('while draining (the shutdown delay, D39): /readyz 503 draining, /livez still 200', async () => {
    const sleeve = createSleeve({ log: quiet });
    sleeve.leave();
    const ready = await get(sleeve, '/readyz');
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'draining', storage: 'unchecked' }]);
    expect((await get(sleeve, '/livez')).status).toBe(200);
  });

  it('/readyz stays 200 with the storage down: the fallback serves', async () => {
    const storage = createStorage();
    storage.hasItem = async () => Promise.reject(new Error('connection refused'));
    const res = await get(createSleeve({ storage, log: quiet }), '/readyz');
    expect([res.status, await res.json()]).toEqual([200, { status: 'ready', storage: 'fallback' }]);
  });
});
