/**
 * The `sleeve` command's flags (issue #36), from the sources: flags over the environment, a bad
 * flag one line and exit 2, `--help` naming every flag and every variable Sleeve reads, and
 * `--version` the package's. The packed command itself (`npx sleeve`, `bunx --bun sleeve`,
 * `deno run -A npm:sleeve`, on Node 20, 22 and 24) is tested in `package.test.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpText, parseCommand, UsageError } from '../../../../adapters/cli/args.ts';
import { PACKAGE_VERSION } from '../../../../adapters/cli/package-version.ts';
import { VERSION as API_VERSION } from '../../../../core/version.ts';
import { BIN, ROOT, runToExit } from '../../../helpers/child-server.ts';

const TSX = [process.execPath, ['--import', 'tsx', 'adapters/cli/index.ts']] as const;
const cli = (args: string[], env: Record<string, string> = {}) => runToExit(TSX[0], [...TSX[1], ...args], env);

/** Every SLEEVE_ variable core/ and adapters/ name, as test/unit/repository/links.test.ts finds them. */
function variablesRead(): string[] {
  const names = new Set<string>();
  for (const folder of ['core', 'adapters']) {
    for (const file of readdirSync(join(ROOT, folder), { recursive: true }) as string[]) {
      // A Worker's bindings (`SLEEVE_KV`, `SLEEVE_COUNTERS`) are not variables of the command.
      if (!file.endsWith('.ts') || file.startsWith('workers/')) continue;
      for (const name of readFileSync(join(ROOT, folder, file), 'utf8').match(/SLEEVE_[A-Z0-9_]+/g) ?? [])
        if (!name.endsWith('_')) names.add(name);
    }
  }
  return [...names];
}

describe('the command line', () => {
  it('flags set their variables over the environment; without flags the environment is as it was', () => {
    const env = { PORT: '9000', SLEEVE_MODE: 'live', SLEEVE_LOG: 'off' };
    expect(parseCommand([], env)).toEqual({ kind: 'serve', env });
    expect(parseCommand(['--port', '0', '--mode=demo', '--storage', 'fs:/tmp/x'], env)).toEqual({
      kind: 'serve',
      env: { PORT: '0', SLEEVE_MODE: 'demo', SLEEVE_STORAGE: 'fs:/tmp/x', SLEEVE_LOG: 'off' },
      portSetting: '--port',
    });
    expect(parseCommand(['-p', '1234'], {})).toEqual({ kind: 'serve', env: { PORT: '1234' }, portSetting: '--port' });
    expect(parseCommand(['--help', '--port', 'x'], {})).toEqual({ kind: 'help' });
    expect(parseCommand(['-v'], {})).toEqual({ kind: 'version' });
  });

  it("--probe asks this host's server at the port it would listen on (D55)", () => {
    expect(parseCommand(['--probe', '/readyz'], { PORT: '9000' })).toEqual({
      kind: 'probe',
      url: 'http://127.0.0.1:9000/readyz',
    });
    expect(parseCommand(['--probe=/livez', '--port', '1234'], {})).toEqual({
      kind: 'probe',
      url: 'http://127.0.0.1:1234/livez',
    });
    expect(parseCommand(['--probe', '/readyz'], {})).toMatchObject({ url: 'http://127.0.0.1:8787/readyz' });
  });

  it.each([
    [['--probe', 'readyz'], '--probe must be a path of this server such as /readyz (got "readyz")'],
    [
      ['--probe', '/readyz', '--port', '0'],
      '--probe needs the port the server listens on: PORT must be a port number from 0 to 65535, not 0 (got "0")',
    ],
    [['--nope'], 'unknown flag --nope'],
    [['-x'], 'unknown flag -x'],
    [['serve'], 'unexpected argument serve: the command takes flags only'],
    [['--port'], '--port needs a value'],
    [['--version=1'], '--version takes no value'],
    [['--port', '65536'], '--port must be a port number from 0 to 65535 (got "65536")'],
    [['--port', ''], '--port must be a port number from 0 to 65535 (got "")'],
    [['--mode', 'prod'], '--mode must be demo or live (got "prod")'],
    [
      ['--storage', 'mysql://x'],
      '--storage must be memory, fs:<dir>, redis://host:port, deno-kv or deno-kv:<path> (Deno) (got "mysql://x")',
    ],
  ])('%j is refused with one line: %s', (args, message) => {
    let error: unknown;
    try {
      parseCommand(args, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(message);
  });

  it('--help names every flag and every SLEEVE_ variable Sleeve reads, one line each', () => {
    const help = helpText(PACKAGE_VERSION);
    const lines = help.split('\n');
    for (const flag of ['--port', '--mode', '--storage', '--help', '--version'])
      expect(lines.filter((l) => l.includes(`${flag}`)).length, flag).toBeGreaterThan(0);
    const read = variablesRead();
    expect(read.length).toBeGreaterThan(30);
    for (const name of [...read, 'PORT'])
      expect(
        lines.filter((l) => new RegExp(`^  ${name} +\\S`).test(l)),
        name,
      ).toHaveLength(1);
    // Nothing listed that Sleeve does not read.
    const listed = lines.map((l) => /^ {2}(SLEEVE_[A-Z0-9_]+) /.exec(l)?.[1]).filter(Boolean);
    expect(listed.sort()).toEqual(read.sort());
  });

  it("--version is package.json's, and deno.json's", () => {
    for (const file of ['package.json', 'deno.json'])
      expect(JSON.parse(readFileSync(join(ROOT, file), 'utf8')).version, file).toBe(PACKAGE_VERSION);
  });

  it("the README and --help say which number is the package's and which the API's (issue #44)", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(`the package's (\`sleeve --version\`, npm and JSR: \`${PACKAGE_VERSION}\`)`);
    expect(readme).toContain(`(\`/healthz\`, \`/\` and \`/openapi.json\`: \`${API_VERSION}\`)`);
    expect(helpText(PACKAGE_VERSION)).toContain(
      `${PACKAGE_VERSION} is the package's version; the API it serves has its own, ${API_VERSION}`,
    );
  });

  it('from the sources: --version, --help, and a bad flag exits 2 with one line on stderr', async () => {
    const version = await cli(['--version']);
    expect(version).toEqual({ code: 0, stdout: `${PACKAGE_VERSION}\n`, stderr: '' });
    const help = await cli(['-h']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(`${helpText(PACKAGE_VERSION)}\n`);
    const bad = await cli(['--mode', 'prod']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe('sleeve: --mode must be demo or live (got "prod"); sleeve --help lists the flags\n');
    // A bad variable is still start-up's error: one line, exit 1.
    const variable = await cli([], { SLEEVE_MODE: 'prod' });
    expect(variable.code).toBe(1);
    expect(variable.stderr).toBe('sleeve: SLEEVE_MODE must be demo or live (got "prod")\n');
    // Four processes compiling the sources under tsx, the last importing all of core: 5 s alone,
    // past the default 20 s in three full runs on a 2-core machine with the tier's other files.
  }, 60_000);

  it('from the sources: --probe exits 0 on a 2xx, 1 on a 503 or no server, one line each', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      response.writeHead(request.url === '/readyz' ? 200 : 503).end();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const port = String((server.address() as { port: number }).port);
    try {
      const ready = await cli(['--probe', '/readyz'], { PORT: port });
      expect(ready).toEqual({ code: 0, stdout: `sleeve: http://127.0.0.1:${port}/readyz answered 200\n`, stderr: '' });
      const draining = await cli(['--probe', '/healthz'], { PORT: port });
      expect([draining.code, draining.stdout]).toEqual([1, `sleeve: http://127.0.0.1:${port}/healthz answered 503\n`]);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
    const none = await cli(['--probe', '/readyz'], { PORT: port });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^sleeve: http:\/\/127\.0\.0\.1:\d+\/readyz did not answer \(\w+\)\n$/);
    // Three processes, each loading tsx: a busy machine's slack.
  }, 60_000);

  it('from the sources under Deno (the files JSR ships as ./cli) and Bun: --version, and a bad flag exits 2', async () => {
    for (const [command, args] of [
      [`${BIN}deno`, ['run', '-A', 'adapters/cli/index.ts']],
      [`${BIN}bun`, ['adapters/cli/index.ts']],
    ] as const) {
      expect(await runToExit(command, [...args, '--version'], {}), command).toEqual({
        code: 0,
        stdout: `${PACKAGE_VERSION}\n`,
        stderr: '',
      });
      const bad = await runToExit(command, [...args, '--port', 'x'], {});
      expect(bad.code, command).toBe(2);
      expect(bad.stderr, command).toBe(
        'sleeve: --port must be a port number from 0 to 65535 (got "x"); sleeve --help lists the flags\n',
      );
    }
  });
});
