/**
 * What a Sleeve that carries its own assets answers (issue 36, D38): `/healthz`, a search,
 * `/docs` with every file it links (swagger-ui's byte for byte as the installed package has
 * them), and a PNG share card. Shared by the executable's tests: alone in a folder, and run
 * from the image's own file system.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { ROOT } from './child-server.ts';

export const UA = { 'User-Agent': 'exe-test/1.0 (exe-test@example.com)' };
const installed = createRequire(`${ROOT}package.json`);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export async function expectPngCard(url: string): Promise<void> {
  const card = await fetch(url, { headers: UA });
  expect(card.status, await card.clone().text()).toBe(200);
  expect(card.headers.get('content-type')).toBe('image/png');
  const bytes = new Uint8Array(await card.arrayBuffer());
  // Drawn by resvg with the fonts: a 1200 × 630 PNG, not an SVG nor an error.
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(new DataView(bytes.buffer).getUint32(16)).toBe(1200);
  expect(new DataView(bytes.buffer).getUint32(20)).toBe(630);
}

export async function expectServesDemo(base: string): Promise<void> {
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });

  const search = await fetch(`${base}/search/all?query=love&types=tracks&limit=3`, { headers: UA });
  expect(search.status).toBe(200);
  expect(((await search.json()) as { tracks: unknown[] }).tracks.length).toBeGreaterThan(0);

  const page = await fetch(`${base}/docs`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const links = [...html.matchAll(/(?:href|src)="(docs\/[\w.-]+)\?v=\w+"/g)].map((m) => m[1]!);
  expect(links).toEqual(
    expect.arrayContaining(['docs/swagger-ui.css', 'docs/swagger-ui-bundle.js', 'docs/init.js', 'docs/page.css']),
  );
  for (const link of links) {
    const res = await fetch(`${base}/${link}`);
    expect(res.status, link).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length, link).toBeGreaterThan(0);
    const name = link.slice('docs/'.length);
    if (name.startsWith('swagger-ui') || name.startsWith('favicon')) {
      expect(Buffer.compare(body, readFileSync(installed.resolve(`swagger-ui-dist/${name}`))), link).toBe(0);
    }
  }
  const css = await fetch(`${base}/docs/swagger-ui.css`);
  expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');

  await expectPngCard(`${base}/share/card?id=100006189`);
}
