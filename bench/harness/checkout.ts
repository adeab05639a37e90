/**
 * @module
 * The checkouts a bench compares, as `BENCH_CHECKOUTS` names them (comma-separated paths, each
 * optionally `path#NAME=value;NAME=value` to start that checkout with more environment, so one
 * checkout under two settings is an A/B too: `.#NODE_OPTIONS=--max-old-space-size=4096`), and
 * how a bench starts one: as `npm start` does, with the settings every bench measures under.
 */
import { startChild, type ChildServer } from '../../test/helpers/child-server.ts';
import { runEntry, startEntry } from './run.ts';

/** Every bench's Sleeve: limits raised a millionfold (a 429 would measure the wrong thing), no request log. */
const QUIET: Readonly<Record<string, string>> = { SLEEVE_RATE_LIMITS: '1000000', SLEEVE_LOG: 'off' };

export interface Checkout {
  /** Its folder. */
  dir: string;
  /** Environment it is started with besides the bench's own. */
  env: Record<string, string>;
  /** How the tables name it: `here` for `.`, else the folder's last name, with its settings. */
  name: string;
}

export function checkoutList(list: string): Checkout[] {
  return list.split(',').map((entry) => {
    const [path = '.', settings = ''] = entry.split('#');
    const dir = path.replace(/\/+$/, '') || '.';
    const env = Object.fromEntries(
      settings
        .split(';')
        .filter((pair) => pair.includes('='))
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    const name = (dir === '.' ? 'here' : dir.split('/').at(-1)!) + (settings ? `#${settings}` : '');
    return { dir, env, name };
  });
}

/**
 * Starts a checkout's `npm start` entry on `runtime` in its own folder, with `QUIET`, then `more`,
 * then the checkout's own settings; `wrap` runs the command under another (valgrind).
 */
export function startCheckout(
  { dir, env }: Checkout,
  runtime: string,
  { more = {}, timeoutMs = 60_000, wrap = (command) => command }: StartOptions = {},
): Promise<ChildServer> {
  return startChild(
    ...wrap(runEntry(runtime, startEntry(runtime, dir), dir)),
    { ...QUIET, ...more, ...env },
    timeoutMs,
    dir === '.' ? undefined : dir,
  );
}

interface StartOptions {
  more?: Record<string, string>;
  timeoutMs?: number;
  wrap?: (command: [string, string[]]) => [string, string[]];
}
