/**
 * @module
 * A real `redis-server` that can be killed (SIGKILL, as a crash) and started again on the same
 * port, for "Redis killed and restarted mid-load". `test/helpers/storage/redis.ts` picks a new port
 * each start; a restart has to keep the one the server was configured with.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export { redisMissing } from '../helpers/storage/redis.ts';
import { freePort } from '../helpers/storage/redis.ts';

export interface RestartableRedis {
  url: string;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** A new redis-server on the same port (empty: no persistence). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start:\n${out}`));
    }, 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${out}`));
    });
  });
}

export async function startRestartableRedis(): Promise<RestartableRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port);
  const kill = async () => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    async restart() {
      await kill();
      // The port is free at once after a kill (the listener is closed, redis sets SO_REUSEADDR); retry briefly anyway.
      for (let attempt = 0; ; attempt++) {
        try {
          child = await launch(port);
          return;
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
    stop: kill,
  };
}
