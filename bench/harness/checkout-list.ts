/**
 * @module
 * The checkouts a bench compares, as `BENCH_CHECKOUTS` names them: comma-separated paths, each
 * optionally `path#NAME=value;NAME=value` to start that checkout with more environment, so one
 * checkout under two settings is an A/B too (`.#NODE_OPTIONS=--max-old-space-size=4096`).
 */
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
