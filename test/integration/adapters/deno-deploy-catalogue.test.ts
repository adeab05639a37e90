/**
 * `sleeve/deno-deploy` builds demo mode's catalogue once `deno serve` listens (`onListen`), as
 * the servers build it before they listen (D45): built by the first request instead, it held the
 * event loop behind that request, and a first `/healthz` timed its storage probe out on a busy
 * machine. Run under Node: the handler reads `Deno` only where it is.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as generator from '../../../core/drivers/catalog/generate/index.ts';
import { createHandler } from '../../../adapters/deno-deploy/index.ts';
import { UA } from '../../helpers/user-agent.ts';

vi.mock('../../../core/drivers/catalog/generate/index.ts', async (original) => {
  const real = await original<typeof generator>();
  return { ...real, generating: vi.fn(real.generating) };
});

const said = vi.spyOn(console, 'log').mockImplementation(() => {});
afterAll(() => said.mockRestore());

describe('sleeve/deno-deploy in demo mode', () => {
  it('builds the catalogue as it listens, before any request, and once', async () => {
    const handler = createHandler({ log: { info() {}, error() {} } });
    handler.onListen({ hostname: '127.0.0.1', port: 8787 });
    await vi.waitFor(() => expect(generator.generating).toHaveBeenCalledTimes(1));
    const answer = await handler.fetch(
      new Request('http://127.0.0.1:8787/editorial/genres', { headers: { 'user-agent': UA } }),
    );
    expect(answer.status).toBe(200);
    expect(generator.generating).toHaveBeenCalledTimes(1);
    expect(said.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringMatching(/^sleeve listening on http:\/\/127\.0\.0\.1:8787 \(demo mode/),
    ]);
  });
});
