/**
 * Issue #12 over HTTP, in process: the `/docs` page and its files (types, caching, CSP, the
 * allow-list), its one URL (`/docs/` redirects), its relative links, and the injectable
 * reader of swagger-ui-dist's files (read once; unreadable: D3 503 `not_configured`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createSleeve, type DocsFiles } from '../../../core/index.ts';
import { DOCS_FILE_NAMES } from '../../../core/docs/assets.ts';
import { UA } from '../../helpers/http/app.ts';

const quiet = { info: () => {}, error: () => {} };
const swaggerUi = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`swagger-ui-dist/${name}`));
const TYPES: Record<string, RegExp> = {
  'swagger-ui-bundle.js': /^text\/javascript; charset=utf-8$/,
  'init.js': /^text\/javascript; charset=utf-8$/,
  'swagger-ui.css': /^text\/css; charset=utf-8$/,
  'page.css': /^text\/css; charset=utf-8$/,
  'favicon-32x32.png': /^image\/png$/,
  'favicon-16x16.png': /^image\/png$/,
};

function sleeveWith(options: Parameters<typeof createSleeve>[0] = {}) {
  const sleeve = createSleeve({ log: quiet, ...options });
  return (path: string, init?: RequestInit) => sleeve.fetch(new Request(`http://sleeve.test${path}`, init));
}

/** Every `href` and `src` of the page. */
const linksOf = (html: string) => [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);

describe('/docs, the API reference page', () => {
  it('is HTML, public, revalidated each visit, with nosniff, an ETag and a CSP that allows only this server', async () => {
    const get = sleeveWith();
    const res = await get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/); // nothing inline: the CSP would refuse it
    const again = await get('/docs', { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('links only relatively, to openapi.json beside it and its files under docs/, each with the current token', async () => {
    const html = await (await sleeveWith()('/docs')).text();
    const links = linksOf(html);
    expect(links).toContain('openapi.json');
    const files = links.filter((link) => link !== 'openapi.json');
    expect(files.map((link) => link.replace(/\?.*/, '')).sort()).toEqual(
      DOCS_FILE_NAMES.map((name) => `docs/${name}`).sort(),
    );
    expect(new Set(files.map((link) => /^docs\/[a-z0-9.-]+\?v=([0-9a-f]{16})$/.exec(link)?.[1])).size).toBe(1);
  });

  it("says on the page to put one's own contact where the example is", async () => {
    const html = await (await sleeveWith()('/docs')).text();
    expect(html).toContain('Api-User-Agent: MyApp/1.0 (you@example.com)');
    expect(html).toMatch(/your own contact/);
  });

  it.each(['/docs/', '/v2.5.0/docs/', '/current/docs/'])(
    '%s redirects to ../docs (relative: it holds under any mount prefix)',
    async (path) => {
      const res = await sleeveWith()(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('../docs');
      expect(new URL(res.headers.get('location')!, `http://h.test/music${path}`).pathname).toBe(
        `/music${path.slice(0, -1)}`,
      );
    },
  );

  it('serves each file with its type and nosniff: immutable under the current token, revalidated otherwise, 304 on its ETag', async () => {
    const get = sleeveWith();
    const token = /\?v=([0-9a-f]+)"/.exec(await (await get('/docs')).text())![1];
    for (const name of DOCS_FILE_NAMES) {
      const current = await get(`/docs/${name}?v=${token}`);
      expect(current.status, name).toBe(200);
      expect(current.headers.get('content-type'), name).toMatch(TYPES[name]!);
      expect(current.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(current.headers.get('cache-control'), name).toBe('public, max-age=31536000, immutable');
      const bytes = new Uint8Array(await current.arrayBuffer());
      if (name.startsWith('swagger-ui') || name.startsWith('favicon'))
        expect(Buffer.from(bytes).equals(swaggerUi(name)), name).toBe(true);
      for (const other of [`/docs/${name}`, `/docs/${name}?v=0000000000000000`]) {
        expect((await get(other)).headers.get('cache-control'), other).toBe('public, no-cache');
      }
      const held = await get(`/docs/${name}?v=${token}`, {
        headers: { 'If-None-Match': current.headers.get('etag')! },
      });
      expect(held.status, name).toBe(304);
    }
  });

  it('starts Swagger UI offline: the spec beside the page, no validator, the example contact pre-filled', async () => {
    const script = await (await sleeveWith()('/docs/init.js')).text();
    expect(script).toContain("new URL('openapi.json', document.baseURI)");
    expect(script).toContain('validatorUrl: null');
    expect(script).toContain(`preauthorizeApiKey('apiUserAgent', "MyApp/1.0 (you@example.com)")`);
    expect(script).not.toMatch(/https?:\/\//);
  });

  it.each([
    '/docs/package.json',
    '/docs/index.html',
    '/docs/swagger-ui.js',
    '/docs/swagger-ui-bundle.js.map',
    '/docs/..%2Fpackage.json',
    '/docs/%2e%2e%2f%2e%2e%2fpackage.json',
    '/docs/__proto__',
    '/docs/constructor',
    '/docs/init.js/x',
    '/docs/swagger-ui.css%00',
  ])('answers %s with a D3 404: only the listed files are served', async (path) => {
    const res = await sleeveWith()(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('needs no User-Agent, and is refused by /batch (not batchable)', async () => {
    const get = sleeveWith();
    expect((await get('/docs/swagger-ui.css')).status).toBe(200);
    const batch = await get('/batch', {
      method: 'POST',
      headers: { 'User-Agent': UA, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requests: [
          { id: 'docs', path: '/docs' },
          { id: 'file', path: '/docs/init.js' },
        ],
      }),
    });
    const body = await batch.json();
    expect([body.responses.docs.status, body.responses.file.status]).toEqual([400, 400]);
  });

  it('cites no decision number in its note: a client cannot look one up', async () => {
    const html = await (await sleeveWith()('/docs')).text();
    expect(html).toContain('contact e-mail');
    expect(html).not.toMatch(/\bD\d+\b/);
  });

  it('is served under a prefix a proxy did not strip (basePath), with the same relative links', async () => {
    const get = sleeveWith({ basePath: '/music' });
    const res = await get('/music/docs');
    expect(res.status).toBe(200);
    expect(linksOf(await res.text())).toContain('openapi.json');
    expect((await get('/music/docs/init.js')).status).toBe(200);
  });

  it('lets the configured public base URL be called from the page (it is the server /openapi.json names)', async () => {
    const csp = (await sleeveWith({ baseUrl: 'https://music.example.com/api' })('/docs')).headers.get(
      'content-security-policy',
    );
    expect(csp).toContain("connect-src 'self' https://music.example.com;");
  });
});

describe('/docs with its own reader of swagger-ui-dist (docsFiles)', () => {
  it('reads each file once, however many requests arrive together, and holds it', async () => {
    const calls: string[] = [];
    const docsFiles: DocsFiles = async (name) => {
      calls.push(name);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return swaggerUi(name);
    };
    const get = sleeveWith({ docsFiles });
    const answers = await Promise.all(
      [...Array(10)].flatMap(() => [get('/docs'), get('/docs/swagger-ui-bundle.js'), get('/docs/swagger-ui.css')]),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    await get('/docs/swagger-ui-bundle.js');
    expect(calls.sort()).toEqual(['package.json', 'swagger-ui-bundle.js', 'swagger-ui.css']);
  });

  it('answers D3 503 not_configured when the files cannot be read (an edge runtime without node:fs), logs it once, and tries again later', async () => {
    const logged: string[] = [];
    let readable = false;
    const docsFiles: DocsFiles = async (name) => {
      if (!readable) throw new Error('No such module: node:fs');
      return swaggerUi(name);
    };
    const sleeve = createSleeve({ docsFiles, log: { info: () => {}, error: (message) => void logged.push(message) } });
    const get = (path: string) => sleeve.fetch(new Request(`http://sleeve.test${path}`));
    for (const path of ['/docs', '/docs/swagger-ui.css', '/docs', '/docs/init.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(503);
      const body = await res.json();
      expect(body.error.code).toBe('not_configured');
      expect(body.error.message).toContain('swagger-ui-dist');
      expect(body.error.message).toContain('docsFiles');
      expect(body.error.message).not.toContain('node:fs'); // the cause is logged, never sent
    }
    expect(logged).toHaveLength(1);
    readable = true;
    expect((await get('/docs')).status).toBe(200);
    expect((await get('/docs/swagger-ui.css')).status).toBe(200);
  });

  it('lists not_configured in /errors', async () => {
    const body = await (await sleeveWith()('/errors')).json();
    expect(body.errors).toContainEqual({
      code: 'not_configured',
      status: 503,
      meaning: expect.stringContaining('/docs'),
    });
  });
});
