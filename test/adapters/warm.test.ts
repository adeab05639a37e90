/**
 * D45: the runnable entries build demo mode's built-in catalogue before they listen, as they load
 * a catalogue file, so no request waits behind it and the first search is as fast as the rest.
 * `prepareCatalog()` with no file is that built-in catalogue, for an embedder to do the same.
 * The Bun and Deno entries are checked in `test/runtimes/` (`runWarmSmoke`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSleeve, prepareCatalog } from '../../core/index.ts';
import { startChild, type ChildServer } from '../helpers/child-server.ts';
import { scriptCommand } from '../helpers/scripts.ts';
import { runWarmSmoke } from '../runtimes/_smoke.ts';

const quiet = { info() {}, error() {} };
const UA = { 'user-agent': 'warm-test/1.0 (warm@example.com)' };

describe('the built-in catalogue, prepared ahead (D45)', () => {
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

describe('npm start (the Node entry)', () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChild(...scriptCommand('start'));
  }, 60_000);
  afterAll(() => server?.stop());
  runWarmSmoke('Node', () => server);
});
