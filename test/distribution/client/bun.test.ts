/** @module The client against Bun (`npm run start:bun`), from Node and from inside Bun itself. */
import { afterAll, beforeAll, describe } from 'vitest';
import { BIN, startChild, type ChildServer } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';
import { runClientInside } from './_in-runtime.ts';
import { runClientSuite } from '../../helpers/client/suite.ts';

let server: ChildServer;
beforeAll(async () => {
  server = await startChild(...scriptCommand('start:bun'));
});
afterAll(() => server.stop());

runClientSuite('Bun (npm run start:bun, real binary)', () => server.url);
describe('sleeve/client in Bun', () => runClientInside('Bun', [`${BIN}bun`, []], () => server.url));
