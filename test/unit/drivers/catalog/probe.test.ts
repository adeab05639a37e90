/**
 * The demo drivers' health probe (`/healthz`'s "upstreams" in demo mode): a catalogue being
 * built is the demo starting, and reads as answering; one that failed to load reads as failing.
 * Waiting for the build instead, a first `/healthz` on a busy machine hit the check's cut-off
 * and said both upstreams down (a 503 from a server that answers).
 */
import { describe, expect, it } from 'vitest';
import { createCatalogDrivers } from '../../../../core/drivers/catalog/index.ts';
import { builtinCatalog } from '../../../../core/drivers/catalog/loaded.ts';

describe("the demo catalogue's probe", () => {
  it('answers at once while the catalogue is built, and as it came out once it has', async () => {
    const { features } = createCatalogDrivers({ seed: 'probe-while-building', tracks: 2000 });
    let built = false;
    void builtinCatalog('probe-while-building', 2000).then(() => {
      built = true;
    });
    const first = await features.probe!();
    expect([first, built]).toEqual([{ ok: true, status: 200 }, false]);
    await builtinCatalog('probe-while-building', 2000);
    expect(await features.probe!()).toEqual({ ok: true, status: 200 });

    const broken = createCatalogDrivers({ catalog: 'not a catalogue' });
    expect(await broken.features.probe!()).toEqual({ ok: true, status: 200 });
    await broken.features.features([]).catch(() => {});
    expect(await broken.features.probe!()).toEqual({ ok: false, status: 500 });
  });
});
