/**
 * D38, where there is no file system to read: Deno started without `--allow-read` refuses
 * every read of node_modules' files (as a JSR install, Deno Deploy or an edge worker has none
 * to read), yet serves `/docs` with swagger-ui's files and draws PNG cards, from the copies
 * embedded in the code (`core/installed/embedded/`).
 */
import { describe, expect, it } from 'vitest';
import { BIN, startChild } from '../../helpers/child-server.ts';
import { expectServesDemo } from '../../helpers/assets-served.ts';

describe('Deno with no read permission', () => {
  it('serves /docs with its files and a PNG card from the embedded copies', async () => {
    const server = await startChild(
      `${BIN}deno`,
      ['run', '--unstable-no-legacy-abort', '--no-prompt', '--allow-net', '--allow-env', 'adapters/deno/main.ts'],
      {},
      40_000,
    );
    try {
      await expectServesDemo(server.url);
      // The refused reads were tried first, and are not what answered.
      expect(server.output()).not.toMatch(/"status":5\d\d/);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
