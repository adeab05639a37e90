/**
 * The HTTP smoke suite on Node 22 and 24 (issue #36): `node adapters/node/main.ts`, the
 * TypeScript sources as they are, with no tsx (both strip types by default: 22 since 22.18).
 * This machine's Node 20 runs the suite in process (`node.test.ts`) and `npm start` through tsx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild, type ChildServer } from '../../helpers/child-server.ts';
import { NODE_LINES, nodeBinary } from '../../helpers/node-lines.ts';
import { overHttp, runLogSmoke, runSmoke } from './_smoke.ts';

for (const line of NODE_LINES) {
  describe(`Node ${line}`, () => {
    let server: ChildServer;
    beforeAll(async () => {
      server = await startChild(nodeBinary(line), ['adapters/node/main.ts'], {}, 60_000);
    }, 360_000);
    afterAll(() => server?.stop());

    it(`serves from the TypeScript sources with no loader, and says it runs on Node ${line}`, () => {
      expect(server.output()).toMatch(
        new RegExp(
          `^sleeve listening on http://localhost:\\d+ \\(demo mode, memory storage, node v${line}\\.\\d+\\.\\d+\\)`,
          'm',
        ),
      );
      // Node prints no warning about stripping types, or anything else, on its way up.
      expect(server.output()).not.toMatch(/Warning/);
    });

    const name = `Node ${line} (node adapters/node/main.ts, no tsx)`;
    runSmoke(
      name,
      overHttp(() => server.url),
    );
    runLogSmoke(`Node ${line}`, () => server);
  });
}
