/**
 * @module
 * Debian's nginx in front of Sleeve instances, for the deployment tests: it runs the
 * configuration users are given (`examples/deploy/nginx.conf`), with only its ports changed,
 * inside a minimal main file of its own (a temporary prefix, no daemon, no master process).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/child-server.ts';
import { freePort } from '../helpers/storage/redis.ts';

const NGINX = ['/usr/sbin/nginx', 'nginx'].find((bin) => spawnSync(bin, ['-v']).error === undefined);
export const nginxMissing: string | undefined = NGINX ? undefined : 'nginx is not installed (apt-get install nginx)';
export const wrkMissing: string | undefined =
  spawnSync('wrk', ['--version']).error === undefined ? undefined : 'wrk is not installed (apt-get install wrk)';
if ((nginxMissing || wrkMissing) && process.env.CI)
  throw new Error(`CI=${process.env.CI} but ${nginxMissing ?? wrkMissing}`);

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** The example configuration with its instances on `upstreams` (in order) and nginx on `port`. */
function exampleConfig(port: number, upstreams: readonly number[]): string {
  let next = 0;
  return readFileSync(`${ROOT}examples/deploy/nginx.conf`, 'utf8')
    .replace(/server 127\.0\.0\.1:\d+/g, (found) =>
      next < upstreams.length ? `server 127.0.0.1:${upstreams[next++]}` : found,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
}

/**
 * nginx on a free port in front of `upstreams`, with the example configuration, or `config`'s
 * (a server file for nginx's `http` block; paths in it are relative to nginx's own temporary prefix).
 */
export async function startNginx(
  upstreams: readonly number[],
  config: (port: number, upstreams: readonly number[]) => string = exampleConfig,
): Promise<Nginx> {
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'sleeve-nginx-'));
  writeFileSync(join(prefix, 'sleeve.conf'), config(port, upstreams));
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${prefix}/${kind};`),
      `  include ${prefix}/sleeve.conf;`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    NGINX!,
    ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(prefix, 'nginx.conf')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null)
      throw new Error(
        `nginx exited with ${child.exitCode}:\n${output}${readFileSync(join(prefix, 'error.log'), 'utf8')}`,
      );
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (tries > 100) throw new Error(`nginx did not answer on ${url}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
