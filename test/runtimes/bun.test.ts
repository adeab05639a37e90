import { afterAll, beforeAll } from 'vitest';
import { startChild, type ChildServer } from '../helpers/child-server.ts';
import { scriptCommand } from '../helpers/scripts.ts';
import { overHttp, runLogSmoke, runSmoke } from './_smoke.ts';

let server: ChildServer;
beforeAll(async () => {
  server = await startChild(...scriptCommand('start:bun'));
});
afterAll(() => server.stop());

runSmoke('Bun (npm run start:bun, real binary)', overHttp(() => server.url));
runLogSmoke('Bun', () => server);
