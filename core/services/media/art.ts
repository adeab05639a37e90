/**
 * @module
 * Demo-mode images (D14): SVG art generated from names, so the same album always gets the same
 * picture. A seeded palette (two hues a pleasant distance apart), a soft gradient, a few
 * overlapping circles and the initials. Pure string building, no runtime APIs. The seeded
 * generator is the catalogue's own (sfc32): demo data and demo art share one randomness.
 */
import { createRandom } from '../../utils/random.ts';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function initials(name: string): string {
  const words = name
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => [...w][0]?.toUpperCase() ?? '')
      .join('') || '♪'
  );
}

export interface ArtOptions {
  /** What the picture is of: its text decides the colours and shapes. */
  seed: string;
  /** Up to two letters drawn in the middle. */
  label: string;
  /** Circles for covers, a round crop for artists. */
  round?: boolean;
  /** Prefixes its element ids, so it can sit inside another SVG (a share card) without a clash. */
  idPrefix?: string;
}

export function generatedArt({ seed, label, round = false, idPrefix: p = '' }: ArtOptions): string {
  const { next } = createRandom(seed);
  const hue = Math.floor(next() * 360);
  const second = (hue + 40 + Math.floor(next() * 100)) % 360;
  const shapes = Array.from({ length: 4 }, () => {
    const [x, y, r, o] = [next() * 500, next() * 500, 60 + next() * 160, 0.15 + next() * 0.25];
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="hsl(${second} 80% 70%)" fill-opacity="${o.toFixed(2)}"/>`;
  }).join('');
  const clip = round
    ? `<clipPath id="${p}c"><circle cx="250" cy="250" r="250"/></clipPath>`
    : `<clipPath id="${p}c"><rect width="500" height="500"/></clipPath>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 500" width="500" height="500">',
    `<defs><linearGradient id="${p}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 65% 45%)"/>`,
    `<stop offset="1" stop-color="hsl(${second} 60% 25%)"/></linearGradient>${clip}</defs>`,
    `<g clip-path="url(#${p}c)"><rect width="500" height="500" fill="url(#${p}g)"/>${shapes}</g>`,
    `<text x="250" y="250" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="150" font-weight="700" fill="#fff" fill-opacity=".9">${escapeXml(label)}</text>`,
    '</svg>',
  ].join('');
}

/** The body of a 404 image: a neutral grey note, so a broken `<img>` still looks intended. */
export function placeholderArt(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 500" width="500" height="500">',
    '<rect width="500" height="500" fill="#d9d9de"/>',
    '<text x="250" y="250" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="200" fill="#9a9aa3">♪</text>',
    '</svg>',
  ].join('');
}
