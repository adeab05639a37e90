import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';

const UA = 'scope/1.0 (scope@example.com)';
const get = (sleeve: ReturnType<typeof createSleeve>, url: string, headers: Record<string, string> = {}) =>
  sleeve.fetch(new Request(url, { headers: { 'User-Agent': UA, ...headers } }), { clientIp: '10.0.0.1' });

/** Countries whose own chart the demo catalogue serves, found through the API itself. */
async function countriesWithCharts(sleeve: ReturnType<typeof createSleeve>): Promise<string[]> {
  const found: string[] = [];
  for (const code of ['US', 'GB', 'FR', 'DE', 'JP', 'BR', 'ES', 'IT', 'CA', 'AU', 'NL', 'SE', 'MX', 'KR']) {
    const body = await (await get(sleeve, `http://x/track/hot?country=${code}&limit=1`)).json();
    if (body.country === code) found.push(code);
  }
  return found;
}

describe('what a cache entry is keyed on, beyond the query', () => {
  it('/track/hot keys on the country served, so an edge-header chart is not shown to other countries (D10)', async () => {
    const sleeve = createSleeve({ rateLimits: 'off' });
    const [first, second] = await countriesWithCharts(sleeve);
    expect(second, 'the demo catalogue has at least two country charts').toBeDefined();
    const a = await get(sleeve, 'http://x/track/hot?limit=3', { 'CF-IPCountry': first! });
    const b = await get(sleeve, 'http://x/track/hot?limit=3', { 'CF-IPCountry': second! });
    const none = await get(sleeve, 'http://x/track/hot?limit=3');
    expect((await a.json()).country).toBe(first);
    expect((await b.json()).country).toBe(second);
    expect((await none.json()).country).toBe('global');
    const again = await get(sleeve, 'http://x/track/hot?limit=3', { 'X-Vercel-IP-Country': first!.toLowerCase() });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect((await again.json()).country).toBe(first);
  });

  it('without a base URL, entries are kept per origin, since answers carry URLs built from it', async () => {
    const sleeve = createSleeve({ rateLimits: 'off' });
    const a = await get(sleeve, 'http://a.example/editorial/genres');
    const b = await get(sleeve, 'http://b.example/editorial/genres');
    expect((await a.json())[0].image).toMatch(/^http:\/\/a\.example\//);
    expect(b.headers.get('x-cache')).toBe('MISS');
    expect((await b.json())[0].image).toMatch(/^http:\/\/b\.example\//);
    expect((await get(sleeve, 'http://b.example/editorial/genres')).headers.get('x-cache')).toBe('HIT');
  });

  it('with a base URL, every origin shares one entry', async () => {
    const sleeve = createSleeve({ rateLimits: 'off', baseUrl: 'https://music.example.com' });
    await get(sleeve, 'http://a.example/editorial/genres');
    const b = await get(sleeve, 'http://b.example/editorial/genres');
    expect(b.headers.get('x-cache')).toBe('HIT');
    expect((await b.json())[0].image).toMatch(/^https:\/\/music\.example\.com\//);
  });
});
