/**
 * The built-in catalogue is built in steps (`core/drivers/catalog/loaded.ts`): what arrives
 * while it is built (a request, a storage answer) runs between its steps, not behind the whole
 * build. On Deno Deploy the first request builds it while the isolate serves; built in one
 * block, it held a first `/healthz`'s storage probe past its cut-off on a busy machine.
 * Integration: the steps pause on real zero-delay timers.
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../../../core/drivers/catalog/loaded.ts';

const task = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('the built-in catalogue', () => {
  it('lets tasks queued during its build run before it is built', async () => {
    let built = false;
    const loaded = builtinCatalog('in-steps', 5000).then((catalog) => {
      built = true;
      return catalog;
    });
    // Queued once the build is under way: each runs at its next pause.
    const during: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      await task();
      during.push(built);
    }
    expect(during).toEqual([false, false, false]);
    const { store, search } = await loaded;
    expect(store.tracks.size).toBe(5000);
    expect(search).toBeDefined();
  });
});
