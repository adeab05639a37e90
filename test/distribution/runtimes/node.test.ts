import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { runDocsChecks } from './_docs.ts';
import { overHttp, runSmoke } from './_smoke.ts';

let served: Served;
beforeAll(async () => {
  served = await serve({ port: 0, hostname: '127.0.0.1' });
});
afterAll(() => new Promise<void>((done) => served.server.close(() => done())));

const name = 'Node adapter, in process';
const http = overHttp(() => `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`);
runSmoke(name, http);
runDocsChecks(name, http);
