/** @module The client against Deno (`npm run start:deno`), from Node and from inside Deno itself (deno.json's import map). */
import { afterAll, beforeAll, describe } from 'vitest';
import { BIN, startChild, type ChildServer } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';
import { runClientInside } from './_in-runtime.ts';
import { runClientSuite } from '../../helpers/client/suite.ts';

let server: ChildServer;
beforeAll(async () => {
  server = await startChild(...scriptCommand('start:deno'));
});
afterAll(() => server.stop());

runClientSuite('Deno (npm run start:deno, real binary)', () => server.url);
describe('sleeve/client in Deno', () => runClientInside('Deno', [`${BIN}deno`, ['run', '-A']], () => server.url));
