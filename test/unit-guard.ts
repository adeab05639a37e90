/**
 * Set up before every file of the unit tier (vitest.config.ts): what a unit test may not do
 * throws, naming the tier to move it to. A unit test starts no process and opens no socket, as
 * a server or as a client (a `fetch` to a loopback server is a socket too), so the tier runs
 * anywhere, in seconds, whatever else the machine is doing.
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const refuse = (what: string) => () => {
  throw new Error(`a unit test may not ${what}: move its file to test/integration/ (or test/distribution/)`);
};

const processes = childProcess as unknown as Record<string, unknown>;
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'])
  processes[name] = refuse('start a process');
net.Server.prototype.listen = refuse('listen on a socket') as never;
net.Socket.prototype.connect = refuse('open a socket') as never;
// The named imports of node:child_process (`import { spawn } from …`) see the stand-ins too.
syncBuiltinESMExports();
