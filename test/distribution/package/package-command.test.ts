/** The installed npm package's `sleeve` command, as a user runs it (the package's tests: package.test.ts). */
import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_VERSION } from '../../../adapters/cli/package-version.ts';
import { BIN, startChild } from '../../helpers/child-server.ts';
import type { Installed } from '../../helpers/installed-package.ts';
import { NODE_LINES, nodeBinary } from '../../helpers/node-lines.ts';
import { packedAndInstalled, UA } from './_installed.ts';

describe('npm package, packed and installed into a fresh project: the sleeve command', () => {
  let installed: Installed;
  beforeAll(async () => {
    installed = await packedAndInstalled();
  }, 240_000);

  /*
   * The `sleeve` command (issue #36) as a user runs it from the installed package: `npx sleeve`
   * on this machine's Node 20 and on Node 22 and 24 (first on PATH, as `npx` finds `node`
   * through the command's `#!/usr/bin/env node`), `bunx --bun sleeve` and `deno run -A
   * npm:sleeve` (resolved from the project's node_modules, `--cached-only`: no download).
   */
  const pathWith = (line: number) =>
    line === 20 ? process.env.PATH! : `${dirname(nodeBinary(line as 22 | 24))}:${process.env.PATH}`;
  const COMMANDS = [
    ...[20, ...NODE_LINES].map((line) => ({
      name: `npx sleeve on Node ${line}`,
      runs: `node v${line}.`,
      command: () => ['npx', 'sleeve'],
      path: () => pathWith(line),
    })),
    {
      name: 'bunx --bun sleeve',
      runs: 'bun 1.',
      command: () => [`${BIN}bun`, 'x', '--bun', 'sleeve'],
      path: () => process.env.PATH!,
    },
    {
      name: 'deno run -A npm:sleeve',
      runs: 'deno 2.',
      command: () => [`${BIN}deno`, 'run', '-A', '--cached-only', 'npm:sleeve'],
      path: () => process.env.PATH!,
    },
  ];
  for (const { name, runs, command, path } of COMMANDS) {
    it(`${name}: --version, --help, a bad flag exits 2 with one line, Redis without ioredis and a port in use exit 1 with one line, and it serves on the port its flag says`, async () => {
      const [bin, ...args] = command();
      const env = { ...process.env, PATH: path(), npm_config_update_notifier: 'false' };
      const run = (extra: string[]) =>
        spawnSync(bin!, [...args, ...extra], { cwd: installed.dir, env, encoding: 'utf8', timeout: 60_000 });
      expect(run(['--version'])).toMatchObject({ status: 0, stdout: `${PACKAGE_VERSION}\n` });
      const help = run(['--help']);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/^sleeve \d+\.\d+\.\d+: /);
      for (const named of ['--port', '--mode', '--storage', 'SLEEVE_SHUTDOWN_DELAY_MS', 'SLEEVE_AI_MODEL'])
        expect(help.stdout).toContain(named);
      const bad = run(['--prot', '8080']);
      expect(bad.status).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toBe('sleeve: unknown flag --prot; sleeve --help lists the flags\n');
      // ioredis is an optional peer, not installed here: a redis:// storage is refused at start-up (D50).
      const redis = run(['--storage', 'redis://127.0.0.1:6379']);
      expect(redis.stderr).toBe('sleeve: SLEEVE_STORAGE=redis://… needs the ioredis package: npm install ioredis\n');
      expect(redis.status).toBe(1);
      // A port in use: one line naming the fix, exit 1 (D50); Deno's heap advice (D43) may come before it.
      const held = createServer();
      await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
      const port = (held.address() as AddressInfo).port;
      const taken = run(['--port', String(port)]);
      held.close();
      const said = `${taken.stdout}${taken.stderr}`.trim().split('\n');
      expect(said.length, said.join('\n')).toBeLessThanOrEqual(2);
      expect(said.at(-1)).toBe(
        // Given by --port, which wins over PORT: the flag is the one to change.
        `sleeve: port ${port} is in use: stop what listens there, or pass --port a free port (0: any free port)`,
      );
      expect(taken.status).toBe(1);
      // PORT=1 in the environment, --port 0 on the command line: the flag wins (port 1 would fail).
      // npx: a group of its own, signalled as a whole, as Ctrl-C does: npx runs the command through
      // `sh -c`, which would not pass on a signal sent to npx alone (docs/deploying.md). Not bunx:
      // it passes the signal on itself, and a second one would mean "exit now" (D34).
      const group = bin === 'npx';
      const server = await startChild(
        bin!,
        [...args, '--port', '0', '--mode', 'demo'],
        { PATH: path(), PORT: '1', npm_config_update_notifier: 'false' },
        30_000,
        installed.dir,
        { group },
      );
      try {
        expect(server.output()).toMatch(
          new RegExp(
            `sleeve listening on http://localhost:\\d+ \\(demo mode, memory storage, ${runs.replace('.', '\\.')}`,
          ),
        );
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'ok' });
        const search = await fetch(`${server.url}/search/all?query=love`, { headers: UA });
        expect(((await search.json()) as { tracks: unknown[] }).tracks.length).toBeGreaterThan(0);
      } finally {
        await server.stop();
      }
      // npm exec ends itself by the signal it was sent; the command it ran drained and exited (D34).
      expect(await server.exited).toEqual(
        bin === 'npx' ? { code: null, signal: 'SIGTERM' } : { code: 0, signal: null },
      );
      let gone = false;
      for (
        const until = Date.now() + 15_000;
        !gone && Date.now() < until;
        await new Promise((resolve) => setTimeout(resolve, 100))
      ) {
        gone = await fetch(`${server.url}/healthz`).then(
          (res) => res.body?.cancel().then(() => false) ?? false,
          () => true,
        );
      }
      expect(gone).toBe(true);
    }, 360_000);
  }
});
