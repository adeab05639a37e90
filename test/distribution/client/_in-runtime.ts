/**
 * @module
 * Runs `_runtime-client.ts` in another runtime's binary against a server's URL, and checks
 * what it prints: the client itself works there, loaded by that runtime's own resolution.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from '../../helpers/child-server.ts';

const run = promisify(execFile);

export function runClientInside(runtime: string, command: [string, string[]], baseUrl: () => string): void {
  it(`the client runs inside ${runtime}, imported as sleeve/client`, async () => {
    const [bin, args] = command;
    const { stdout } = await run(bin, [...args, 'test/distribution/client/_runtime-client.ts', baseUrl()], {
      cwd: ROOT,
      timeout: 30_000,
    });
    const out = JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
    expect(out).toEqual({
      module: `file://${ROOT}client/index.ts`,
      health: 'ok',
      hot: { country: 'global', count: 3 },
      batch: { count: 2, statuses: { genres: 200, 1: 200 } },
      preview: { status: 302, location: true },
      error: { name: 'SleeveApiError', isError: true, code: 'bad_request', status: 400, param: 'limit' },
      refused: true,
    });
  }, 40_000);
}
