/**
 * @module
 * `npx tsx bench/cards.ts [count]`: what a PNG share card costs (D29). Draws `count` (default
 * 40) different demo track cards straight through the renderer, after one that instantiates
 * resvg, and prints that first time, p50/p90 of one card's SVG and of its rasterisation, and
 * the PNG sizes. Not a test: numbers depend on the machine and whatever else runs on it.
 */
import { installedCardFiles } from '../core/installed/installed-card-files.ts';
import { pngRenderer } from '../core/cards/png.ts';
import { cardSvg } from '../core/cards/svg.ts';
import { createSleeve } from '../core/index.ts';
import { cardContent } from '../core/services/media/card.ts';

const count = Number(process.argv[2] ?? 40);
const sleeve = createSleeve({ log: { info() {}, error() {} } });
const { music } = sleeve.deps.drivers;
const tracks = (await music.chart(null, { limit: count + 1 }))!.tracks;
const renderer = pngRenderer(installedCardFiles, sleeve.deps.log);
const pct = (list: number[], p: number): number =>
  +[...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))]!.toFixed(1);

const svgs: string[] = [];
const build: number[] = [];
for (const track of tracks) {
  const content = (await cardContent(sleeve.deps, { kind: 'track', id: track.id }, { degraded() {} }))!;
  const started = performance.now();
  svgs.push(cardSvg(content));
  build.push(performance.now() - started);
}
let started = performance.now();
await renderer.render(svgs[0]!);
const first = +(performance.now() - started).toFixed(0);
const draw: number[] = [];
const sizes: number[] = [];
for (const svg of svgs.slice(1)) {
  started = performance.now();
  sizes.push((await renderer.render(svg)).byteLength);
  draw.push(performance.now() - started);
}
console.log(
  JSON.stringify({
    cards: draw.length,
    firstPngMs: first,
    svgMs: { p50: pct(build, 0.5), p90: pct(build, 0.9) },
    pngMs: { p50: pct(draw, 0.5), p90: pct(draw, 0.9) },
    pngKiB: { p50: Math.round(pct(sizes, 0.5) / 1024), max: Math.round(Math.max(...sizes) / 1024) },
  }),
);
