/**
 * Issue #12 on every runtime: the `/docs` page and each file it links answer 200 with their
 * content types, read from the installed swagger-ui-dist through that runtime's `node:fs`
 * (Deno with `nodeModulesDir: manual`, Bun, Node, and a Vercel function's Node runtime).
 * The page itself is driven in Chromium by test/distribution/docs/browser.test.ts, on Node.
 */
import { describe, expect, it } from 'vitest';
import type { Fetcher } from './_smoke.ts';

const TYPES: Record<string, string> = { js: 'text/javascript', css: 'text/css', png: 'image/png' };

export function runDocsChecks(name: string, make: () => Fetcher): void {
  describe(`/docs: ${name}`, () => {
    it('answers the page, and each file it links with its type, with no User-Agent', async () => {
      const get = make();
      const page = await get('/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const files = [...(await page.text()).matchAll(/(?:href|src)="(docs\/[^"]+)"/g)].map((m) => m[1]!);
      expect(files.length).toBeGreaterThanOrEqual(6);
      for (const file of files) {
        const res = await get(`/${file}`);
        expect(res.status, file).toBe(200);
        expect(res.headers.get('content-type'), file).toContain(TYPES[/\.(\w+)\?/.exec(file)![1]!]);
        expect(res.headers.get('cache-control'), file).toContain('immutable');
        expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
      }
    });

    it('redirects /docs/ to ../docs', async () => {
      const res = await make()('/docs/', { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('../docs');
    });
  });
}
