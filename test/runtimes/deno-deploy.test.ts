/**
 * The runtime smoke suite against `sleeve/deno-deploy` under `deno serve` (the real binary), on
 * a Deno KV database of its own (a file): answers, `/docs` and the share cards as on every
 * runtime (D48).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ChildServer } from '../helpers/child-server.ts';
import { startDenoServe } from '../helpers/deno-serve.ts';
import { runCardChecks } from './_cards.ts';
import { runDocsChecks } from './_docs.ts';
import { overHttp, runLogSmoke, runSmoke } from './_smoke.ts';

let server: ChildServer;
const dir = mkdtempSync(join(tmpdir(), 'sleeve-deno-kv-'));
beforeAll(async () => {
  server = await startDenoServe({ SLEEVE_STORAGE: `deno-kv:${join(dir, 'kv.sqlite')}` });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const name = 'Deno Deploy (sleeve/deno-deploy under deno serve, Deno KV)';
const http = overHttp(() => server.url);
runSmoke(name, http);
runDocsChecks(name, http);
runCardChecks(name, http);
runLogSmoke('deno serve', () => server);
