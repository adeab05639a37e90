/** The package's own npm scripts, so runtime tests start servers exactly as `npm run` would. */
import { readFileSync } from 'node:fs';
import { BIN, ROOT } from './child-server.ts';

const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> };

/** `npm run <name>`'s command as [binary path, args]: `node` is this Node, any other binary is taken from node_modules/.bin. */
export function scriptCommand(name: string): [string, string[]] {
  const script = pkg.scripts[name];
  if (!script) throw new Error(`no npm script ${name}`);
  const [bin, ...args] = script.split(/\s+/);
  return [bin === 'node' ? process.execPath : `${BIN}${bin}`, args];
}
