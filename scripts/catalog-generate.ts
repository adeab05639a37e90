/**
 * @module
 * `npm run catalog:generate -- --tracks N --seed S --out FILE`: writes a catalogue file (format
 * in docs/demo-mode.md, "File format"). The same N and S give a byte-identical file. Progress goes
 * to stderr, so `--out -` can stream the file to stdout.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { generateCatalog } from '../core/drivers/catalog/generate/index.ts';
import { catalogLines } from '../core/drivers/catalog/generate/write.ts';

const USAGE = 'usage: npm run catalog:generate -- --tracks N --seed S --out FILE';

function fail(message: string): never {
  console.error(`catalog:generate: ${message}\n${USAGE}`);
  process.exit(1);
}

/** One status line, rewritten in place on a terminal, a line per step otherwise. */
function progress(label: string, done: number, total: number): void {
  const text = `${label}: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} tracks`;
  if (process.stderr.isTTY) process.stderr.write(`\r${text}${done >= total ? '\n' : ''}`);
  else if (done >= total) process.stderr.write(`${text}\n`);
}

const { values } = parseArgs({
  options: { tracks: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' } },
});
const tracks = Number(values.tracks);
if (!Number.isInteger(tracks) || tracks < 1 || tracks > 5_000_000)
  fail('--tracks must be an integer from 1 to 5000000');
if (!values.seed) fail('--seed is required');
if (!values.out) fail('--out is required (a file path, or - for stdout)');

const started = performance.now();
const data = generateCatalog({ tracks, seed: values.seed, onProgress: (n) => progress('generating', n, tracks) });
const out = values.out === '-' ? process.stdout : createWriteStream(values.out);
let written = 0;
for (const line of catalogLines(data)) {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
  if (line.startsWith('{"type":"track"') && ++written % 20_000 === 0 && written < tracks)
    progress('writing', written, tracks);
}
progress('writing', tracks, tracks);
if (out !== process.stdout) {
  out.end();
  await once(out, 'finish');
}
console.error(
  `catalog:generate: ${tracks} tracks, ${data.artists.length} artists, ${data.albums.length} releases, ${data.playlists.length} playlists in ${((performance.now() - started) / 1000).toFixed(1)} s → ${values.out}`,
);
