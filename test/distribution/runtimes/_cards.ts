/**
 * D29 on every runtime: a PNG share card is drawn by resvg's WebAssembly module and the
 * DejaVu fonts, read through that runtime's `node:fs` from the installed packages, and its
 * bytes are a 1200 × 630 PNG; the SVG needs nothing.
 */
import { describe, expect, it } from 'vitest';
import { expectPng } from '../../helpers/cards/image.ts';
import type { Fetcher } from './_smoke.ts';

export function runCardChecks(name: string, make: () => Fetcher): void {
  describe(`share cards: ${name}`, () => {
    it('draws /og and /share/card as PNG and as SVG, with no User-Agent', async () => {
      const get = make();
      const png = await get('/og?type=artist&id=1622');
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expectPng(new Uint8Array(await png.arrayBuffer()), 1200, 630);
      const svg = await get('/share/card?id=100006189&format=svg');
      expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630"/);
    });
  });
}
