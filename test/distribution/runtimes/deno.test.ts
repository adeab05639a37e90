import { afterAll, beforeAll } from 'vitest';
import { startChild, type ChildServer } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';
import { runCardChecks } from './_cards.ts';
import { runDocsChecks } from './_docs.ts';
import { overHttp, runLogSmoke, runSmoke } from './_smoke.ts';

let server: ChildServer;
beforeAll(async () => {
  server = await startChild(...scriptCommand('start:deno'));
});
afterAll(() => server.stop());

const name = 'Deno (npm run start:deno, real binary)';
const http = overHttp(() => server.url);
runSmoke(name, http);
runDocsChecks(name, http);
runCardChecks(name, http);
runLogSmoke('Deno', () => server);
