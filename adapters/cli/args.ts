/**
 * @module
 * The `sleeve` command's flags: each one sets the variable people set first (`--port` sets
 * PORT, `--mode` SLEEVE_MODE, `--storage` SLEEVE_STORAGE), over the environment, checked by that
 * variable's own schema. A bad flag or value is a `UsageError`: one line, exit 2, where a bad
 * variable stops start-up with exit 1. `--help` lists every flag and every variable, from the
 * tables that declare them (`core/wiring/config.ts`, `shared/serve-env.ts`), so it cannot drift from them.
 */
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { ConfigError, describeVariables, ENV_VARIABLES } from '../../core/wiring/config.ts';
import { SERVER_VARIABLES_TABLE } from '../shared/serve-env.ts';
import { VERSION as API_VERSION } from '../../core/version.ts';

/** A flag the command does not know, a missing value or a bad one: one line, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  /** `--probe <path>`: asks this host's server (`PORT`) for `path` and exits 0 on a 2xx, 1 otherwise (D55). */
  | { kind: 'probe'; url: string }
  /** `env`: the environment with the flags' variables set over it; `portSetting`, when the port came from `--port`. */
  | { kind: 'serve'; env: Record<string, string | undefined>; portSetting?: '--port' };

/** The flags that set a variable: its name, the value's placeholder, and its default. */
const SETTINGS = {
  port: { variable: 'PORT', value: '<port>', short: 'p', fallback: '8787; 0: any free port' },
  mode: { variable: 'SLEEVE_MODE', value: '<demo|live>', short: undefined, fallback: 'demo' },
  storage: { variable: 'SLEEVE_STORAGE', value: '<spec>', short: undefined, fallback: 'memory' },
  host: { variable: 'HOST', value: '<address>', short: undefined, fallback: 'every interface' },
} as const;

type Setting = keyof typeof SETTINGS;

const OPTIONS = {
  port: { type: 'string', short: 'p' },
  mode: { type: 'string' },
  storage: { type: 'string' },
  host: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  probe: { type: 'string' },
} as const;

/** What `--probe` takes: a path of this server, as a container's health check names it (`/readyz`). */
const PROBE_PATH = /^\/[\x21-\x7e]{0,200}$/;

/** The command's arguments (after the program's name) over `env`; a bad one throws a UsageError. */
export function parseCommand(args: readonly string[], env: Record<string, string | undefined>): Command {
  let values: { [K in Setting]?: string } & { help?: boolean; version?: boolean; probe?: string };
  try {
    ({ values } = parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(usageLine(error));
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const set: Record<string, string> = {};
  for (const flag of Object.keys(SETTINGS) as Setting[]) {
    const value = values[flag];
    if (value === undefined) continue;
    const { variable } = SETTINGS[flag];
    const [schema, accepts, kind] = (ENV_VARIABLES[variable] ?? SERVER_VARIABLES_TABLE[variable])!;
    // Said as the variable's own refusal says it: a storage spec's userinfo is never printed (D61).
    if (!v.safeParse(schema, value.trim()).success)
      throw new UsageError(new ConfigError(`--${flag}`, accepts, value, kind === 'secret').message);
    set[variable] = value;
  }
  if (values.probe !== undefined) return probeCommand(values.probe, { ...env, ...set });
  const serve = { kind: 'serve', env: { ...env, ...set } } as const;
  return set.PORT === undefined ? serve : { ...serve, portSetting: '--port' };
}

/**
 * `--probe`: the server on this host, at the port it would listen on (`PORT`, `--port`), so an
 * image with no shell and no curl can run its own health check (compose's `healthcheck`).
 */
function probeCommand(path: string, env: Record<string, string | undefined>): Command {
  if (!PROBE_PATH.test(path))
    throw new UsageError(`--probe must be a path of this server such as /readyz (got ${JSON.stringify(path)})`);
  const [schema, accepts] = ENV_VARIABLES.PORT!;
  const port =
    env.PORT === undefined || env.PORT === '' ? { success: true, output: 8787 } : v.safeParse(schema, env.PORT.trim());
  if (!port.success || port.output === 0)
    throw new UsageError(
      `--probe needs the port the server listens on: PORT must be ${accepts}, not 0 (got ${JSON.stringify(env.PORT)})`,
    );
  return { kind: 'probe', url: `http://127.0.0.1:${String(port.output)}${path}` };
}

/** Node's parseArgs says more than one line (and how to pass a positional `-x`); one is enough. */
function usageLine(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  // "Option '-p, --port <value>' argument missing": the long name.
  const named = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${named ?? message}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? message}: the command takes flags only`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return `${named ?? 'a flag'} ${/argument missing/.test(message) ? 'needs a value' : 'takes no value'}`;
  return message.split('\n')[0]!;
}

/** `--help`: every flag and every variable, one line each. */
export function helpText(version: string): string {
  const flags: [string, string][] = [
    ...(Object.entries(SETTINGS) as [Setting, (typeof SETTINGS)[Setting]][]).map(([flag, s]): [string, string] => [
      `${s.short ? `-${s.short}, ` : '    '}--${flag} ${s.value}`,
      `sets ${s.variable} (default ${s.fallback})`,
    ]),
    ['-h, --help', 'prints this and exits'],
    ['-v, --version', "prints the package's version and exits"],
    ['    --probe <path>', "asks this host's server (at PORT) for <path>, e.g. /readyz; exits 0 on a 2xx, else 1"],
  ];
  const variables = [...describeVariables(ENV_VARIABLES), ...describeVariables(SERVER_VARIABLES_TABLE)];
  const column = (rows: [string, string][]) => {
    const width = Math.max(...rows.map(([left]) => left.length)) + 2;
    return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
  };
  return [
    `sleeve ${version}: a self-hostable music metadata and radio API (demo mode needs no network and no key)`,
    `  ${version} is the package's version; the API it serves has its own, ${API_VERSION} (/healthz, /openapi.json), and /vX.Y.Z/ paths pin older ones`,
    '',
    'Usage: sleeve [flags]    (npx sleeve, bunx --bun sleeve, deno run -A npm:sleeve; in a checkout, npm start -- [flags])',
    '',
    'Flags (a flag wins over its variable; a bad flag exits 2):',
    ...column(flags),
    '',
    'Environment variables (all optional, read once at start-up; a bad value exits 1):',
    ...column(variables),
    '',
  ].join('\n');
}
