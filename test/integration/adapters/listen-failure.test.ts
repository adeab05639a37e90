/**
 * A server that cannot listen says so in one line naming the fix and exits 1, for every command
 * that starts one (the npm scripts as they are, the `sleeve` command, the replay server): a
 * port in use (held here by a Node server on loopback) and a port not allowed (port 80 as the
 * `nobody` user, where this test runs as root and `setpriv` is there to switch). Node printed
 * 26 lines of `Unhandled 'error' event` and its stack; `deno serve` printed Deno's uncaught error.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenFailure } from '../../../adapters/shared/listen-failure.ts';
import { runToExit } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';

/**
 * Each command as a user runs it: [its name here, binary, arguments, the variable of its port].
 * The replay's is its own, so a PORT exported for Sleeve does not put both on one port.
 */
const COMMANDS: [string, string, string[], string][] = [
  ['npm start', ...scriptCommand('start'), 'PORT'],
  ['sleeve (the command, on Node)', process.execPath, ['--import', 'tsx', 'adapters/cli/index.ts'], 'PORT'],
  ['npm run start:bun', ...scriptCommand('start:bun'), 'PORT'],
  ['npm run start:deno', ...scriptCommand('start:deno'), 'PORT'],
  ['npm run start:deno-deploy', ...scriptCommand('start:deno-deploy'), 'PORT'],
  ['npm run replay', ...scriptCommand('replay'), 'REPLAY_PORT'],
];

/** What a failed start printed, as lines, and that no stack came with it. */
function oneLine({ stdout, stderr }: { stdout: string; stderr: string }): string[] {
  const lines = `${stdout}${stderr}`.trim().split('\n');
  expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(2);
  expect(lines.join('\n')).not.toMatch(/^\s+at |Unhandled|Uncaught/m);
  return lines;
}

describe('listenFailure: the runtimes’ errors in words', () => {
  it("reads Node's, Bun's and Deno's ways of saying a port is in use or not allowed", () => {
    const inUse = 'port 8787 is in use: stop what listens there, or set PORT to a free port (0: any free port)';
    const node = Object.assign(new Error('listen EADDRINUSE: address already in use :::8787'), { code: 'EADDRINUSE' });
    const bun = Object.assign(new Error('Failed to start server. Is port 8787 in use?'), { code: 'EADDRINUSE' });
    const deno = Object.assign(new Error('Address already in use (os error 98)'), { name: 'AddrInUse' });
    for (const error of [node, bun, deno]) expect(listenFailure(error, 8787)).toBe(inUse);
    const denied = [
      Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES' }),
      Object.assign(new Error('Permission denied (os error 13)'), { name: 'PermissionDenied' }),
    ];
    for (const error of denied)
      expect(listenFailure(error, 80)).toMatch(/^port 80 is not allowed for this user .* set PORT to 1024 or above/);
    expect(listenFailure(new Error('something else'), 8787)).toBeUndefined();
    expect(listenFailure('EADDRINUSE', 8787)).toBeUndefined();
  });
});

describe('a port in use', () => {
  let held: Server;
  let port: number;
  beforeAll(async () => {
    held = createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    port = (held.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

  it.each(COMMANDS)(
    '%s: one line naming the port and the fix, exit 1, no stack',
    async (_name, command, args, variable) => {
      // PORT is 0 (runToExit's) where the command reads another variable: only its own may matter.
      const result = await runToExit(command, args, { [variable]: String(port) }, 30_000);
      const lines = oneLine(result);
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `^(sleeve|replay): port ${port} is in use: stop what listens there, or set ${variable} to a free port`,
        ),
      );
      expect(result.code).toBe(1);
    },
  );
});

const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups'];
// Root binds any port; `nobody` binds none below 1024 (unless the machine lowered the bound).
// `nobody` must also reach the checkout: a clone inside a private folder (mktemp -d's 0700)
// is out of its reach, and every command would fail on that before it came to the port. Asked
// by the absolute path the commands use: a relative one is reached through the working
// directory, which nobody holds even where it cannot walk the path to it.
const PACKAGE_JSON = fileURLToPath(new URL('../../../package.json', import.meta.url));
const asNobody =
  process.getuid?.() === 0 &&
  existsSync('/usr/bin/setpriv') &&
  spawnSync('/usr/bin/setpriv', [...NOBODY, '/usr/bin/test', '-r', PACKAGE_JSON]).status === 0;
describe.skipIf(!asNobody)('a port not allowed (80, as nobody)', () => {
  // Deno keeps its cache under DENO_DIR, and tsx under the temp folder: somewhere nobody may write.
  const home = mkdtempSync(join(tmpdir(), 'sleeve-nobody-'));
  chmodSync(home, 0o777);
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it.each(COMMANDS.filter(([name]) => /start|sleeve/.test(name)))(
    '%s: one line saying what to do, exit 1',
    async (_name, command, args) => {
      const result = await runToExit(
        '/usr/bin/setpriv',
        [...NOBODY, command, ...args],
        { PORT: '80', HOME: home, DENO_DIR: join(home, 'deno'), TMPDIR: home },
        30_000,
      );
      const lines = oneLine(result);
      expect(lines.at(-1)).toMatch(/^sleeve: port 80 is not allowed for this user .* set PORT to 1024 or above/);
      expect(result.code).toBe(1);
    },
  );
});
