/**
 * @module
 * A share card as SVG, 1200 × 630 (the Open Graph image size every link preview
 * expects): the picture on the left, the title, who made it and a line or two of facts on
 * the right, Sleeve's name in a corner. The picture is always inside the document, never a
 * link (an SVG shown through `<img>` loads nothing external, and a rasteriser fetches
 * nothing): either art drawn from the names (demo mode, nested as SVG) or the upstream
 * picture's bytes, fetched from its image host by the image proxy code, as a `data:` URL.
 * Every text goes through `text.ts`; nothing here reads a clock or a runtime API.
 */
import { createRandom } from '../utils/random.ts';
import { fitLines, xmlText } from './text.ts';

const CARD_WIDTH = 1200;
const CARD_HEIGHT = 630;

/** The card's picture: drawn SVG (a whole document), or raster bytes from an image host. */
export type CardPicture = { svg: string } | { contentType: string; body: Uint8Array };

export interface CardContent {
  /** Decides the background's colours. */
  seed: string;
  title: string;
  /** Who made it (a track's or album's artists); empty for an artist's own card. */
  byline: string;
  /** Short facts, one per line, at most three (`Album · 2019`, `C#/Db Minor · 124 BPM`). */
  facts: readonly string[];
  picture: CardPicture;
  /** A round crop (artists), as the artist pictures are drawn. */
  round?: boolean;
  /** Bottom-left note; demo cards say their data is generated. */
  note: string;
}

const PAD = 60;
const SIDE = CARD_HEIGHT - 2 * PAD;
const TEXT_X = PAD + SIDE + 56;
const TEXT_WIDTH = CARD_WIDTH - TEXT_X - PAD;
const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
/** Up to three lines of title: `Harder, Better, Faster, Stronger` in two. */
const TITLE_SIZE = 48;
const TITLE_GAP = 58;

/** Base64 without `Buffer` (not on every runtime), in chunks so no argument list grows past a limit. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function picture(p: CardPicture): string {
  const at = `x="${PAD}" y="${PAD}" width="${SIDE}" height="${SIDE}"`;
  // The drawn art is our own document: its opening tag is replaced to place it, its ids are prefixed by the caller.
  if ('svg' in p) return p.svg.replace(/^<svg[^>]*>/, `<svg ${at} viewBox="0 0 500 500">`);
  const type = /^image\/(jpeg|png|webp|gif)$/.test(p.contentType) ? p.contentType : 'image/jpeg';
  return `<image ${at} preserveAspectRatio="xMidYMid slice" href="data:${type};base64,${base64(p.body)}"/>`;
}

function lines(texts: readonly string[], x: number, y: number, size: number, gap: number, attrs: string): string {
  return texts
    .map((t, i) => `<text x="${x}" y="${y + i * gap}" font-size="${size}" ${attrs}>${xmlText(t)}</text>`)
    .join('');
}

export function cardSvg(card: CardContent): string {
  const { next } = createRandom(`card:${card.seed}`);
  const hue = Math.floor(next() * 360);
  const title = fitLines(card.title, TEXT_WIDTH, TITLE_SIZE, 3, true);
  const byline = card.byline === '' ? [] : fitLines(card.byline, TEXT_WIDTH, 34, 1);
  const facts = card.facts.slice(0, 3).flatMap((f) => fitLines(f, TEXT_WIDTH, 28, 1));
  // The block of text is centred on the picture's height.
  const height = title.length * TITLE_GAP + (byline.length ? 60 : 0) + (facts.length ? 30 + facts.length * 42 : 0);
  let y = Math.max(PAD + TITLE_SIZE, Math.round(CARD_HEIGHT / 2 - height / 2 + 48));
  const parts: string[] = [];
  parts.push(lines(title, TEXT_X, y, TITLE_SIZE, TITLE_GAP, 'font-weight="700" fill="#ffffff"'));
  y += (title.length - 1) * TITLE_GAP;
  if (byline.length) {
    y += 60;
    parts.push(lines(byline, TEXT_X, y, 34, 0, 'fill="#e4e4ea"'));
  }
  if (facts.length) {
    y += 72;
    parts.push(lines(facts, TEXT_X, y, 28, 42, 'fill="#b9b9c6"'));
  }
  const clip = card.round
    ? `<circle cx="${PAD + SIDE / 2}" cy="${PAD + SIDE / 2}" r="${SIDE / 2}"/>`
    : `<rect x="${PAD}" y="${PAD}" width="${SIDE}" height="${SIDE}" rx="18"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT}">`,
    `<defs><linearGradient id="card-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 35%, 16%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360}, 40%, 8%)"/></linearGradient>`,
    `<clipPath id="card-pic">${clip}</clipPath></defs>`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#card-bg)"/>`,
    `<g clip-path="url(#card-pic)">${picture(card.picture)}</g>`,
    ...parts,
    `<text x="${CARD_WIDTH - PAD}" y="${CARD_HEIGHT - 28}" font-size="24" font-weight="700" fill="#ffffff" fill-opacity="0.8" text-anchor="end">Sleeve</text>`,
    ...fitLines(card.note, TEXT_WIDTH - 120, 20, 1).map(
      (note) => `<text x="${TEXT_X}" y="${CARD_HEIGHT - 28}" font-size="20" fill="#9a9aa8">${xmlText(note)}</text>`,
    ),
    '</svg>',
  ].join('');
}
