/** Start-up with a catalogue file: a bad one prints one line and exits 1 before serving. */
import { describe, expect, it, vi } from 'vitest';
import { start, type Runtime } from '../../adapters/start.ts';
import { generateCatalog } from '../../core/sources/catalog/generate.ts';
import { catalogText } from '../../core/sources/catalog/write.ts';

function runtime(file: string): Runtime & { served: boolean; code: number | undefined } {
  const rt = {
    name: 'test', env: { SLEEVE_CATALOG: '/catalog.jsonl' }, served: false, code: undefined as number | undefined,
    readFile: async () => new TextEncoder().encode(file),
    serve: async () => {
      rt.served = true;
      return { url: 'http://test', storage: 'memory', mode: 'demo' };
    },
    exit: ((code: number) => { rt.code = code; }) as (code: number) => never,
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
    expect(String(errors.mock.calls[0]![0])).toMatch(/^sleeve: catalogue file: line \d+ \(track \d+\), field durationMs: [^\n]+$/);
    errors.mockRestore();
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
