/**
 * `GET /`: a small self-contained page for a browser (relative links, so it works under any
 * mount), JSON with absolute links for anything else, varying by `Accept`; and the three
 * self-description routes answer without a User-Agent (D2).
 */
import { describe, expect, it } from 'vitest';
import { landingSchema } from '../../../core/schemas/responses/index.ts';
import { prefersHtml, quality } from '../../../core/self/accept.ts';
import { valid } from '../../helpers/shape/valid.ts';
import { describedSleeve } from '../../helpers/openapi/document.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const sleeve = describedSleeve();

const get = (url: string, accept?: string, s = sleeve) =>
  s.fetch(new Request(url, { headers: accept ? { accept } : {} }));

describe('GET /', () => {
  it('gives a browser a self-contained HTML page with relative links', async () => {
    const res = await get('http://sleeve.test/', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept, Host');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    for (const link of ['docs', 'openapi.json', 'llms.txt', 'healthz']) expect(html).toContain(`href="${link}"`);
    expect(html).not.toMatch(/href="\//);
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/);
    expect(html).toContain('Version 3.0.0');
    expect(html).toContain('demo mode');
    expect(html).toContain('curl -A &#39;MyApp/1.0 (you@example.com)&#39; &#39;http://sleeve.test/');
  });

  it.each([['*/*'], ['application/json'], [undefined], ['text/html, application/json']])(
    'gives Accept %s JSON with absolute links',
    async (accept) => {
      const res = await get('http://sleeve.test/', accept);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('vary')).toBe('Accept, Host');
      const body = valid(landingSchema, await res.json());
      expect(body).toMatchObject({ name: 'Sleeve', version: '3.0.0', mode: 'demo' });
      expect(body.links).toEqual({
        docs: 'http://sleeve.test/docs',
        openapi: 'http://sleeve.test/openapi.json',
        llms: 'http://sleeve.test/llms.txt',
        health: 'http://sleeve.test/healthz',
      });
    },
  );

  it('works under basePath, with or without the trailing slash', async () => {
    const mounted = describedSleeve({ basePath: '/music', mode: 'demo' });
    for (const url of ['http://sleeve.test/music', 'http://sleeve.test/music/']) {
      const html = await (await get(url, BROWSER, mounted)).text();
      expect(html, url).toContain('<base href="/music/">');
      expect(html).toContain('href="openapi.json"');
      const json = await (await get(url, 'application/json', mounted)).json();
      expect(json.links.openapi).toBe('http://sleeve.test/music/openapi.json');
    }
  });

  it('is the same under a version prefix', async () => {
    const res = await get('http://sleeve.test/v2.5.0/', 'application/json');
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('Sleeve');
  });
});

describe('the self-description', () => {
  it.each(['/', '/openapi.json', '/llms.txt'])('%s needs no User-Agent (D2)', async (path) => {
    expect((await get(`http://sleeve.test${path}`)).status).toBe(200);
  });
});

describe('Accept negotiation', () => {
  it('reads q-values, the most specific range first', () => {
    expect(quality(BROWSER, 'text/html')).toBe(1);
    expect(quality(BROWSER, 'application/json')).toBe(0.8);
    expect(quality('text/*;q=0.5, */*;q=0.1', 'text/html')).toBe(0.5);
    expect(quality('application/json', 'text/html')).toBe(0);
  });

  it('prefers HTML only when the caller ranks it above JSON', () => {
    expect(prefersHtml(BROWSER)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
    expect(prefersHtml(null)).toBe(false);
  });
});
