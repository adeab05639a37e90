/**
 * `/llms.txt`: the llms.txt layout (H1, blockquote, H2 link lists), every declared endpoint
 * and alias in it, each example as a curl, at the base a request sees.
 */
import { describe, expect, it } from 'vitest';
import { isDescribed } from '../../../core/openapi/document.ts';
import { openApiPath } from '../../../core/openapi/parameters.ts';
import { curlOf } from '../../../core/self/curl.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { describedSleeve, documentOf, operations } from '../../helpers/openapi/document.ts';

const sleeve = describedSleeve();

async function llms(url = 'http://sleeve.test/llms.txt', s = sleeve) {
  const res = await s.fetch(new Request(url));
  return { res, text: await res.text() };
}

describe('/llms.txt', () => {
  it('is markdown in the llms.txt layout, public and kept an hour by clients', async () => {
    const { res, text } = await llms();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(text).toMatch(/^# Sleeve\n\n> A music metadata and radio API/);
    expect(text.match(/^## .+$/gm)).toEqual(['## Docs', '## Endpoints']);
    expect(text).not.toMatch(/^#{3,} /m);
    expect(text).toContain('- [OpenAPI 3.1 document](http://sleeve.test/openapi.json)');
    expect(text).toContain('- [API reference](http://sleeve.test/docs)');
    expect(text).toContain('`User-Agent` (`MyApp/1.0 (you@example.com)`)');
    expect(text).toContain('{ "ok": false, "error": { "code", "message", ... } }');
    expect(text).toContain('demo mode');
  });

  it('lists every declared endpoint by method and path, with its aliases', async () => {
    const { text } = await llms();
    for (const endpoint of endpoints.filter(isDescribed)) {
      expect(text, endpoint.path).toContain(`- [${endpoint.method ?? 'GET'} ${openApiPath(endpoint.path)}](`);
      for (const alias of endpoint.aliases ?? []) expect(text, alias).toContain(`Also answered at \`${alias}\``);
    }
  });

  it("gives each endpoint's parameters with their bounds, and a curl of each example", async () => {
    const { text } = await llms();
    expect(text).toContain('`limit` (optional integer from 1 to 25, default 5)');
    expect(text).toContain('`query` (required string of at most 200 characters, not blank)');
    expect(text).toContain("curl -A 'MyApp/1.0 (you@example.com)' 'http://sleeve.test/track/hot?country=FR&limit=10'");
    expect(text).toContain("curl -i 'http://sleeve.test/track/preview?id=100006189'");
    const doc = await documentOf(sleeve);
    for (const { path, op } of operations(doc)) {
      const curl = curlOf('http://sleeve.test', path, op);
      if (curl) expect(text, path).toContain(`- Example: \`${curl}\``);
      if (curl) expect(curl.includes("-A 'MyApp/1.0 (you@example.com)'"), path).toBe(op.security.length > 0);
    }
  });

  it('names the base a request sees: SLEEVE_BASE_URL, else its origin and basePath', async () => {
    const based = await llms('http://internal/llms.txt', describedSleeve({ baseUrl: 'https://music.example.com' }));
    expect(based.text).toContain('Base URL: https://music.example.com (');
    expect(based.text).not.toContain('internal');
    const mounted = await llms('http://sleeve.test/music/llms.txt', describedSleeve({ basePath: '/music' }));
    expect(mounted.text).toContain("'http://sleeve.test/music/track/hot?country=FR&limit=10'");
    const other = await llms('https://elsewhere.example/llms.txt');
    expect(other.text).toContain('https://elsewhere.example/openapi.json');
  });
});
