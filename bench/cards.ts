/**
 * @module
 * `npx tsx bench/cards.ts [count]`: what a PNG share card costs (D29). Draws `count` (default
 * 40) different demo track cards straight through the renderer, after one that instantiates
 * resvg, and prints that first time, p50/p90 of one card's SVG and of its rasterisation, and
 * the PNG sizes; then, straight through resvg, the median of each part of a drawing: the
 * document (parsing it, handing resvg the two fonts, laying the text out), the rasterising and
 * the PNG's encoding, and the fonts alone (a document with no text, with and without them).
 * Not a test: numbers depend on the machine and whatever else runs on it.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm';
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

// The parts of a drawing (D53): what a font database kept across documents could save is in `document`.
await initWasm(await installedCardFiles('resvg.wasm')).catch(() => {}); // already instantiated above
const fonts = await Promise.all([installedCardFiles('DejaVuSans.ttf'), installedCardFiles('DejaVuSans-Bold.ttf')]);
const font = { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' };
const parts = { document: [] as number[], raster: [] as number[], encode: [] as number[] };
for (const svg of svgs.slice(1)) {
  let at = performance.now();
  const doc = new Resvg(svg, { font });
  parts.document.push(performance.now() - at);
  at = performance.now();
  const image = doc.render();
  parts.raster.push(performance.now() - at);
  at = performance.now();
  image.asPng();
  parts.encode.push(performance.now() - at);
  image.free();
  doc.free();
}
const noText = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
const fontsAlone = { with: [] as number[], without: [] as number[] };
for (let i = 0; i < 40; i++) {
  let at = performance.now();
  new Resvg(noText, { font }).free();
  fontsAlone.with.push(performance.now() - at);
  at = performance.now();
  new Resvg(noText, { font: { loadSystemFonts: false } }).free();
  fontsAlone.without.push(performance.now() - at);
}
const median = (list: number[]): number => +pct(list, 0.5).toFixed(2);
console.log(
  JSON.stringify({
    partsMs: { document: median(parts.document), raster: median(parts.raster), encode: median(parts.encode) },
    noTextDocumentMs: { withFonts: median(fontsAlone.with), withoutFonts: median(fontsAlone.without) },
  }),
);
