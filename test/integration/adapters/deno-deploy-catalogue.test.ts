/**
 * `sleeve/deno-deploy` in demo mode builds the catalogue as its Sleeve is made, and a request's
 * work starts only once it is built, as the servers build it before they listen (D45): begun
 * beside the build, a first `/healthz` timed its storage probe out behind it on a busy machine.
 * Run under Node: the handler reads `Deno` only where it is.
 */
import { createStorage } from 'unstorage';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as generator from '../../../core/drivers/catalog/generate/index.ts';
import { createHandler } from '../../../adapters/deno-deploy/index.ts';

vi.mock('../../../core/drivers/catalog/generate/index.ts', async (original) => {
  const real = await original<typeof generator>();
  return { ...real, generateCatalog: vi.fn(real.generateCatalog) };
});

const said = vi.spyOn(console, 'log').mockImplementation(() => {});
afterAll(() => said.mockRestore());

describe('sleeve/deno-deploy in demo mode', () => {
  it("builds the catalogue before a first /healthz's checks start, and once", async () => {
    // What the health check's storage probe finds when it writes: the catalogue built or not.
    const built: boolean[] = [];
    const storage = createStorage();
    const setItem = storage.setItem.bind(storage);
    storage.setItem = ((key: string, value: string, options?: Record<string, unknown>) => {
      if (key.startsWith('sleeve:healthz:')) built.push(vi.mocked(generator.generateCatalog).mock.calls.length > 0);
      return setItem(key, value, options);
    }) as typeof storage.setItem;
    const handler = createHandler({ storage, log: { info() {}, error() {} } });
    const health = await handler.fetch(new Request('http://127.0.0.1:8787/healthz'));
    expect(health.status).toBe(200);
    expect(built).toEqual([true]);
    expect(await handler.fetch(new Request('http://127.0.0.1:8787/healthz'))).toHaveProperty('status', 200);
    expect(generator.generateCatalog).toHaveBeenCalledTimes(1);
  });
});
