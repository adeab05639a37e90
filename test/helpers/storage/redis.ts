/**
 * A real `redis-server` on a free port, for the Redis backend tests. When the binary is
 * missing the tests skip with a printed reason, unless `CI` is set: CI installs it
 * (`.ci/run`), so there a missing binary is a failure, not a skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const redisMissing: string | undefined =
  spawnSync('redis-server', ['--version']).error === undefined
    ? undefined
    : 'redis-server is not installed (apt-get install redis-server)';

if (redisMissing && process.env.CI) throw new Error(`CI=${process.env.CI} but ${redisMissing}`);
if (redisMissing) console.warn(`[test/storage] skipping Redis tests: ${redisMissing}`);

/** A port nothing listens on right now (the test servers' and Redis's). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RedisServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A real redis-server on a free port, or on `port` (to restart one where its clients expect it). */
export async function startRedis(port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return { url: `redis://127.0.0.1:${port}`, child, stop };
}
