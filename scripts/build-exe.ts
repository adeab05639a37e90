/**
 * @module
 * `npm run build:exe`: `out/sleeve`, one executable for this machine, by Bun's `--compile`
 * (the Bun runtime and Sleeve's code in one file). The asset files are embedded first
 * (`scripts/embed-assets.ts`, D38), so the executable needs no node_modules: copied alone
 * into an empty folder, it serves `/docs` and PNG cards too. Arguments after `--` go to
 * `bun build`: `-- --target=bun-linux-arm64 --outfile=out/sleeve-arm64` builds for another
 * machine (Bun downloads that target's runtime once, so it needs the network; docs/deploying.md).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { embedAssets } from './embed-assets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The entry the executable runs: the `sleeve` command (its flags, `--help`, `--version`), on the Bun inside it. */
export const EXE_ENTRY = 'adapters/cli/index.ts';
export const EXE_PATH: string = `${ROOT}out/sleeve`;
/** The card pool's worker thread (D53): Bun bundles a worker into the executable only when it is named as an entry. */
const CARD_WORKER = 'adapters/shared/card-worker.ts';

export function buildExe(extra: string[] = []): string {
  embedAssets();
  const outfile = extra.some((arg) => arg.startsWith('--outfile')) ? [] : ['--outfile', EXE_PATH];
  execFileSync(`${ROOT}node_modules/.bin/bun`, ['build', '--compile', EXE_ENTRY, CARD_WORKER, ...outfile, ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return EXE_PATH;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildExe(process.argv.slice(2));
