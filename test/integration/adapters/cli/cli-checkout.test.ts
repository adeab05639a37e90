/**
 * The ways the README starts Sleeve from a checkout take the same flags, and stop as people stop
 * them (issue #64): `npm start -- --port … --mode …`, `npm start -- --help` and `npx sleeve`
 * (package.json's `bin` in a checkout runs the sources through tsx, with no build). SIGTERM sent
 * to npm alone (a process manager's stop) used to leave Sleeve listening, orphaned: npm passes
 * it to its `sh -c`, which dies of it without passing it on. The packed command is tested in
 * test/distribution/package/package.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runToExit, startChild } from '../../../helpers/child-server.ts';

/** A cache of npx's own, so an earlier `npx sleeve` of this checkout (one from before its bin existed) is not what runs. */
const npxCache = mkdtempSync(join(tmpdir(), 'sleeve-npx-'));
afterAll(() => rmSync(npxCache, { recursive: true, force: true }));
const quiet = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_cache: npxCache };

/** True once no process of the group `pgid` is left. */
function groupGone(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Resolves once `check` holds, or rejects after `ms` (a bound with a busy machine's slack, not a measurement). */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  for (const end = Date.now() + ms; !(await check()); await new Promise((resolve) => setTimeout(resolve, 100)))
    if (Date.now() > end) throw new Error(`${what} not within ${ms} ms`);
}

const refused = (url: string) =>
  fetch(`${url}/livez`).then(
    () => false,
    () => true,
  );

describe('from a checkout', () => {
  it('npm start takes the flags over the environment, warns of a misspelt variable, and stops with its group on a SIGTERM to npm alone', async () => {
    // PORT=1 and SLEEVE_MODE=live in the environment, the flags over them (port 1 would fail to bind).
    const server = await startChild(
      'npm',
      ['start', '--', '--port', '0', '--mode', 'demo'],
      { ...quiet, PORT: '1', SLEEVE_MODE: 'live', SLEEVE_MDOE: 'live', SLEEVE_METRICS: 'yes' },
      120_000,
      ROOT,
      { group: true },
    );
    const pgid = server.pid!;
    try {
      expect(server.output()).toMatch(/sleeve listening on http:\/\/localhost:\d+ \(demo mode, memory storage, node v/);
      expect(server.output()).toMatch(/; serving \/metrics\n/);
      expect(server.output()).toContain(
        'sleeve: SLEEVE_MDOE is not a variable Sleeve reads, so it does nothing: did you mean SLEEVE_MODE?\n',
      );
      expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
      // npm's pid alone, as systemd's KillMode=mixed or `kill <pid>` sends it.
      process.kill(pgid, 'SIGTERM');
      await until(() => refused(server.url), 30_000, 'the port closed');
      await until(() => groupGone(pgid), 30_000, 'every process of the group gone');
      expect(server.output()).toContain('[sleeve] SIGTERM: draining');
    } finally {
      if (!groupGone(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  }, 180_000);

  it('npm start -- --help prints the help and starts no server', async () => {
    const { code, stdout } = await runToExit('npm', ['start', '--silent', '--', '--help'], quiet, 120_000);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^sleeve \d+\.\d+\.\d+: a self-hostable music metadata and radio API/);
    expect(stdout).toMatch(/-p, --port <port> +sets PORT/);
    expect(stdout).not.toMatch(/listening/);
  }, 150_000);

  it('npx sleeve runs the command from the sources, with no build', async () => {
    const help = await runToExit('npx', ['sleeve', '--help'], quiet, 120_000);
    expect(help.stderr).not.toMatch(/not found/);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^sleeve \d+\.\d+\.\d+: /);
    const version = await runToExit('npx', ['sleeve', '--version'], quiet, 120_000);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  }, 300_000);

  it('a port in use given by --port names --port as the fix, not PORT', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const { code, stderr } = await runToExit('npm', ['start', '--silent', '--', '-p', String(port)], quiet, 120_000);
      expect(code).toBe(1);
      expect(stderr.trim().split('\n').at(-1)).toBe(
        `sleeve: port ${port} is in use: stop what listens there, or pass --port a free port (0: any free port)`,
      );
    } finally {
      taken.close();
    }
  }, 150_000);
});
