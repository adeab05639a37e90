/** D20: `X-Request-Id` on every answer the app gives, the caller's own kept when well formed. */
import { describe, expect, it } from 'vitest';
import { requestId } from '../../../core/http/layers/request-id.ts';
import { echoEndpoint, frameEndpoints, testApp } from '../../helpers/http/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup() {
  const echo = echoEndpoint({ rateLimit: 1, cache: 'no-store' });
  return { ...testApp([...frameEndpoints, echo.endpoint]), echo };
}

describe('request ids (D20)', () => {
  it('keeps a well-formed id, replaces anything else, makes one when none is given', () => {
    for (const kept of ['abc', 'req-1.2_3:4', 'A'.repeat(128), '3f2a9c1e-4b7d-4e2a-9f1c-0a1b2c3d4e5f'])
      expect(requestId(kept)).toBe(kept);
    for (const refused of ['', 'A'.repeat(129), 'has space', 'semi;colon', 'new\nline', 'é', '"quoted"', '<script>']) {
      expect(requestId(refused)).toMatch(UUID);
    }
    expect(requestId(undefined)).toMatch(UUID);
    expect(requestId(undefined)).not.toBe(requestId(undefined));
  });

  it('answers one on a 200, 404, 405, preflight, 429 and error, the caller’s own when well formed', async () => {
    const app = setup();
    // The limit is 1 a minute: the 200 spends it, the 429 follows; the 400 comes from another client.
    const cases: [string, RequestInit & { ip?: string }, number][] = [
      ['/t/echo?query=a', {}, 200],
      ['/t/echo?query=a', {}, 429],
      ['/no/such/path', {}, 404],
      ['/v9.9.9/healthz', {}, 404],
      ['/editorial/genres', { method: 'POST' }, 405],
      ['/editorial/genres', { method: 'OPTIONS' }, 204],
      ['/anything', { method: 'OPTIONS' }, 204],
      ['/editorial/genres', { method: 'HEAD' }, 200],
      ['/t/echo?limit=0&query=a', { ip: '203.0.113.40' }, 400],
    ];
    for (const [path, init, status] of cases) {
      const fresh = await app.fetch(path, init);
      expect(fresh.status, path).toBe(status);
      expect(fresh.headers.get('x-request-id'), `${init.method ?? 'GET'} ${path}`).toMatch(UUID);
      const own = await app.fetch(path, { ...init, headers: { 'X-Request-Id': `mine-${status}` } });
      expect(own.headers.get('x-request-id'), `${init.method ?? 'GET'} ${path}`).toBe(`mine-${status}`);
      const bad = await app.fetch(path, { ...init, headers: { 'X-Request-Id': 'not ok' } });
      expect(bad.headers.get('x-request-id'), `${init.method ?? 'GET'} ${path}`).toMatch(UUID);
    }
  });

  it('a bug quotes the request id in its body and its one log line', async () => {
    const app = setup();
    app.echo.state.behaviour = 'bug';
    const { res, body } = await app.json('/t/echo?query=a', { headers: { 'X-Request-Id': 'trace-77' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('trace-77');
    expect(body.error).toMatchObject({ code: 'internal_error', requestId: 'trace-77' });
    expect(app.logs).toEqual([
      {
        message: 'internal error',
        fields: { requestId: 'trace-77', error: expect.stringContaining('secret internals') },
      },
    ]);
  });

  it('browsers may read it (CORS)', async () => {
    const app = setup();
    const res = await app.fetch('/editorial/genres');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it('/batch: the envelope has its own id; sub-requests carry it, so a bug in one quotes the id the caller got', async () => {
    const app = setup();
    app.echo.state.behaviour = 'bug';
    const { res, body } = await app.json('/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requests: [
          { id: 'bug', path: '/t/echo?query=a' },
          { id: 'ok', path: '/editorial/genres' },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(body.responses.bug).toMatchObject({
      status: 500,
      body: { error: { code: 'internal_error', requestId: id } },
    });
    expect(app.logs.map((l) => l.fields?.['requestId'])).toEqual([id]);
  });
});
