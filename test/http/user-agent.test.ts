/** D2: the User-Agent rule, its public exemptions, and open CORS with preflight. */
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { hasContactEmail } from '../../core/http/user-agent.ts';
import { endpoints as routes } from '../../core/routes/index.ts';
import { testApp, frameEndpoints as endpoints, stub } from './_app.ts';

const declaredPublic = defineEndpoint({ ...stub, path: '/t/declared-public', public: true, handle: () => ({ ok: true }) });

describe('User-Agent (D2)', () => {
  it.each([
    ['missing', null],
    ['empty', ''],
    ['without an e-mail', 'MyApp/1.0'],
    ['with a broken e-mail', 'MyApp/1.0 (you@localhost)'],
    ['with only an at sign', 'MyApp/1.0 @'],
  ])('is 401 unauthorized when %s, with a message showing an example', async (_, ua) => {
    const { json } = testApp(endpoints);
    const { res, body } = await json('/editorial/genres', { ua });
    expect(res.status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toContain('MyApp/1.0 (you@example.com)');
  });

  it.each(['MyApp/1.0 (you@example.com)', 'curl/8 contact: ops@music.example.co.uk', 'a+b@x.io'])('accepts %s', async (ua) => {
    expect(hasContactEmail(ua)).toBe(true);
    const { fetch } = testApp(endpoints);
    expect((await fetch('/editorial/genres', { ua })).status).toBe(200);
  });

  it('lets public declarations answer without one', async () => {
    const { fetch } = testApp([...endpoints, declaredPublic]);
    for (const path of ['/healthz', '/errors', '/t/declared-public']) {
      expect((await fetch(path, { ua: null })).status, path).toBe(200);
    }
  });

  it('exempts exactly health, the error list, the self-description, metrics (scrapers), pictures and previews (what an <img> or <audio> asks)', () => {
    const exempt = routes.filter((e) => e.public).map((e) => e.path);
    expect(exempt.sort()).toEqual(['/', '/artistimage', '/cover', '/errors', '/healthz', '/llms.txt', '/media/images/:kind/:file', '/metrics', '/openapi.json', '/track/preview']);
  });
});

describe('CORS (D2)', () => {
  it('is open on successes and failures', async () => {
    const { fetch } = testApp(endpoints);
    for (const res of [await fetch('/editorial/genres'), await fetch('/editorial/genres', { ua: null }), await fetch('/nope')]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
    }
  });

  it('answers a preflight with 204, without a User-Agent, on any path and version', async () => {
    const { fetch } = testApp(endpoints);
    for (const path of ['/editorial/genres', '/batch', '/v2.5.0/editorial/genres']) {
      const res = await fetch(path, {
        method: 'OPTIONS',
        ua: null,
        headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    }
  });
});
