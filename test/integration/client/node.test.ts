/** @module The client against the Node adapter, in process. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { runClientSuite } from '../../helpers/client/suite.ts';

let served: Served;
beforeAll(async () => {
  served = await serve({ port: 0, hostname: '127.0.0.1' });
});
afterAll(() => new Promise<void>((done) => served.server.close(() => done())));

runClientSuite(
  'the Node adapter, in process',
  () => `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`,
);
