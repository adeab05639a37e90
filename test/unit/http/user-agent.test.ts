/** D2: the User-Agent rule, its public exemptions, and open CORS with preflight. */
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { hasContactEmail } from '../../../core/http/layers/user-agent.ts';
import { endpoints as routes } from '../../../core/routes/index.ts';
import { testApp, frameEndpoints as endpoints, stub } from '../../helpers/http/app.ts';

const declaredPublic = defineEndpoint({
  ...stub,
  path: '/t/declared-public',
  public: true,
  handle: () => ({ ok: true }),
});

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

  it.each(['MyApp/1.0 (you@example.com)', 'curl/8 contact: ops@music.example.co.uk', 'a+b@x.io'])(
    'accepts %s',
    async (ua) => {
      expect(hasContactEmail(ua)).toBe(true);
      const { fetch } = testApp(endpoints);
      expect((await fetch('/editorial/genres', { ua })).status).toBe(200);
    },
  );

  it('accepts the contact in Api-User-Agent, which a browser script can set where it cannot set User-Agent', async () => {
    const { fetch } = testApp(endpoints);
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0';
    const res = await fetch('/editorial/genres', {
      ua: browser,
      headers: { 'Api-User-Agent': 'MyApp/1.0 (you@example.com)' },
    });
    expect(res.status).toBe(200);
    expect(
      (await fetch('/editorial/genres', { ua: null, headers: { 'Api-User-Agent': 'MyApp/1.0 (you@example.com)' } }))
        .status,
    ).toBe(200);
  });

  it('carries Api-User-Agent into /batch sub-requests, so one header satisfies the batch', async () => {
    const { json } = testApp(endpoints);
    const { res, body } = await json('/batch', {
      method: 'POST',
      ua: null,
      headers: { 'Api-User-Agent': 'MyApp/1.0 (you@example.com)', 'Content-Type': 'application/json' },
      body: JSON.stringify({ requests: [{ id: 'g', path: '/editorial/genres' }] }),
    });
    expect(res.status).toBe(200);
    expect(body.responses.g.status).toBe(200);
  });

  it.each([
    ['neither header', null, null],
    ['a browser User-Agent and no Api-User-Agent', 'Mozilla/5.0 Chrome/156.0', null],
    ['an Api-User-Agent without an e-mail', 'Mozilla/5.0 Chrome/156.0', 'MyApp/1.0'],
  ])('is 401 with %s, and the message names Api-User-Agent', async (_, ua, apiUa) => {
    const { json } = testApp(endpoints);
    const { res, body } = await json('/editorial/genres', {
      ua,
      headers: apiUa === null ? {} : { 'Api-User-Agent': apiUa },
    });
    expect(res.status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toContain('Api-User-Agent');
  });

  it('lets public declarations answer without one', async () => {
    const { fetch } = testApp([...endpoints, declaredPublic]);
    for (const path of ['/healthz', '/errors', '/t/declared-public']) {
      expect((await fetch(path, { ua: null })).status, path).toBe(200);
    }
  });

  it('exempts exactly health and the orchestrator probes, the error list, the self-description, metrics (scrapers), pictures, cards, previews and the stream (what an <img>, <audio> or a crawler asks), and the docs and status pages (what a browser opens)', () => {
    const exempt = routes.filter((e) => e.public).map((e) => e.path);
    expect(exempt.sort()).toEqual([
      '/',
      '/artistimage',
      '/cover',
      '/docs',
      '/docs/',
      '/docs/:file',
      '/errors',
      '/healthz',
      '/listen.mp3',
      '/livez',
      '/llms.txt',
      '/media/images/:kind/:file',
      '/media/previews/:file',
      '/metrics',
      '/og',
      '/openapi.json',
      '/readyz',
      '/share/card',
      '/status',
      '/status/feed',
      '/track/preview',
    ]);
  });
});

describe('CORS (D2)', () => {
  it('is open on successes and failures', async () => {
    const { fetch } = testApp(endpoints);
    for (const res of [
      await fetch('/editorial/genres'),
      await fetch('/editorial/genres', { ua: null }),
      await fetch('/nope'),
    ]) {
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
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    }
  });

  it('lets a browser send Api-User-Agent: echoed when the preflight asks for it, in the default list when it names nothing', async () => {
    const { fetch } = testApp(endpoints);
    const preflight = (requestHeaders?: string) =>
      fetch('/editorial/genres', {
        method: 'OPTIONS',
        ua: null,
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'GET',
          ...(requestHeaders ? { 'Access-Control-Request-Headers': requestHeaders } : {}),
        },
      });
    const asked = await preflight('api-user-agent');
    expect(asked.status).toBe(204);
    expect(asked.headers.get('access-control-allow-headers')).toBe('api-user-agent');
    const unasked = await preflight();
    expect(unasked.status).toBe(204);
    expect(unasked.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)).toContain(
      'api-user-agent',
    );
  });
});
