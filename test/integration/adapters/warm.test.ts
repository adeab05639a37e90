/**
 * D45: the runnable entries (`start()`: the `sleeve` command, `npm start`, `start:bun`,
 * `start:deno`, the executable) build demo mode's built-in catalogue before they listen, as they
 * load a catalogue file, so no request waits behind it and the first search is as fast as the
 * rest. `prepareCatalog()` with no file is that built-in catalogue, for an embedder to do the same.
 */
import { describe, expect, it } from 'vitest';
import { start, type Runtime } from '../../../adapters/launch/start.ts';
import type { ServeOptions } from '../../../adapters/shared/serve-options.ts';
import { createSleeve, type PreparedCatalog, prepareCatalog } from '../../../core/index.ts';

const quiet = { info() {}, error() {} };
const UA = { 'user-agent': 'warm-test/1.0 (warm@example.com)' };

/** What `start()` hands the runtime's `serve`, with this environment. */
async function servedWith(env: Record<string, string>): Promise<ServeOptions> {
  let given: ServeOptions | undefined;
  const runtime: Runtime = {
    name: 'test',
    env,
    readFile: () => Promise.reject(new Error('no file here')),
    serve: async (options) => {
      given = options;
      return { url: 'http://localhost:0', storage: 'memory', mode: 'demo mode' };
    },
    exit: (code) => {
      throw new Error(`exit ${code}`);
    },
  };
  const log = console.log;
  console.log = () => {};
  try {
    await start(runtime);
  } finally {
    console.log = log;
  }
  return given!;
}

describe('the built-in catalogue, prepared before listening (D45)', () => {
  it('start() serves demo mode with the built-in catalogue already built, and live mode with none', async () => {
    const demo = await servedWith({ PORT: '0' });
    expect((demo.catalog as PreparedCatalog | undefined)?.loaded.store.tracks.size).toBe(20_000);
    expect((await servedWith({ PORT: '0', SLEEVE_MODE: 'live' })).catalog).toBeUndefined();
  });

  it('prepareCatalog() with no file is the built-in catalogue: a Sleeve given it answers as one that builds its own', async () => {
    const prepared = await prepareCatalog();
    expect(prepared.loaded.store.tracks.size).toBe(20_000);
    const ask = (sleeve: ReturnType<typeof createSleeve>) =>
      Promise.resolve(sleeve.fetch(new Request('http://x/search/all?query=love&limit=5', { headers: UA }))).then((r) =>
        r.json(),
      );
    expect(await ask(createSleeve({ catalog: prepared, log: quiet }))).toEqual(await ask(createSleeve({ log: quiet })));
    // The same work, not done again.
    expect((await prepareCatalog()).loaded).toBe(prepared.loaded);
  });
});
