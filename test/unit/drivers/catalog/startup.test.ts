/** Start-up with a catalogue file: a bad one prints one line and exits 1 before serving; a good one is served without its bytes. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { start, type Runtime } from '../../../../adapters/launch/start.ts';
import { createSleeve, type SleeveOptions } from '../../../../core/index.ts';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { catalogText } from '../../../../core/drivers/catalog/generate/write.ts';

function runtime(file: string): Runtime & { served: boolean; code: number | undefined } {
  const rt = {
    name: 'test',
    env: { SLEEVE_CATALOG: '/catalog.jsonl' },
    served: false,
    code: undefined as number | undefined,
    readFile: async () => new TextEncoder().encode(file),
    serve: async () => {
      rt.served = true;
      return { url: 'http://test', storage: 'memory', mode: 'demo' };
    },
    exit: ((code: number) => {
      rt.code = code;
    }) as (code: number) => never,
  };
  return rt;
}

describe('start-up with SLEEVE_CATALOG', () => {
  const good = catalogText(generateCatalog({ tracks: 300, seed: 'startup' }));

  it('refuses a bad file with one line naming the record and field, exit code 1, before serving', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const rt = runtime(good.replace(/"durationMs":\d+/, '"durationMs":"long"'));
    await start(rt);
    expect(rt.code).toBe(1);
    expect(rt.served).toBe(false);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(
      /^sleeve: catalogue file: line \d+ \(track \d+\), field durationMs: [^\n]+$/,
    );
    errors.mockRestore();
  });

  it('hands the service the file prepared, and lets its bytes be collected', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    let bytes: WeakRef<Uint8Array> | undefined;
    let given: SleeveOptions | undefined;
    const rt = runtime(good);
    rt.readFile = async () => {
      const read = new TextEncoder().encode(good);
      bytes = new WeakRef(read);
      return read;
    };
    rt.serve = async (options) => {
      given = options;
      return { url: 'http://test', storage: 'memory', mode: 'demo' };
    };
    await start(rt);
    expect(given?.catalog).not.toBeInstanceOf(Uint8Array);
    const sleeve = createSleeve({ ...given, requestLog: 'off' });
    expect(
      (
        await sleeve.fetch(
          new Request('http://test/search/all?query=love', {
            headers: { 'user-agent': 'Test/1.0 (test@example.com)' },
          }),
        )
      ).status,
    ).toBe(200);
    // A weak reference holds its target until the current job ends: collect on a later one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(bytes?.deref()).toBeUndefined();
    log.mockRestore();
  });

  it('serves a good file', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const rt = runtime(good);
    await start(rt);
    expect(rt.code).toBeUndefined();
    expect(rt.served).toBe(true);
    log.mockRestore();
  });
});
