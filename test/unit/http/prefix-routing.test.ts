/**
 * Issue 10, items 3–5: version prefixes are routes, not a copy of the request re-dispatched.
 * The router matches the decoded path, every method reaches the method layer, the request
 * (and its body) is never touched by the prefix, and a WebSocket handshake to an ordinary
 * path is a D3 400, not an empty 200.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { VERSION_NAMES } from '../../../core/http/versions.ts';
import { frameEndpoints, testApp, UA } from '../../helpers/http/app.ts';
import { endless, within } from './_bodies.ts';
import { HANDSHAKE } from '../../helpers/raw-http.ts';

describe('version prefixes are routes (issue 10)', () => {
  it('a percent-encoded prefix routes on the decoded path: /v%32.5.0/healthz is /v2.5.0/healthz', async () => {
    const { json } = testApp(frameEndpoints);
    expect((await json('/v%32.5.0/healthz')).res.status).toBe(200);
    expect((await json('/%63urrent/healthz')).res.status).toBe(200);
    const { res, body } = await json('/v%32.5.0/nope');
    expect(res.status).toBe(404);
    expect(body).toEqual({ error: 'No endpoint at /nope. See /errors and /openapi.json.' });
  });

  it('never reads the body of a prefixed request: POST /current/healthz with an endless body is a 405 at once', async () => {
    const { fetch } = testApp(frameEndpoints);
    for (const path of ['/current/healthz', '/v2.5.0/healthz', '/v3.0.0/editorial/genres']) {
      const body = endless();
      const res = await within(1000, fetch(path, { method: 'POST', body: body.stream, duplex: 'half' } as RequestInit));
      expect(res.status, path).toBe(405);
      expect(body.pulls(), path).toBe(0);
    }
  });

  it('a pinned 405 keeps its version shape and Allow', async () => {
    const { json } = testApp(frameEndpoints);
    const { res, body } = await json('/v2.5.0/healthz', { method: 'DELETE', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(Object.keys(body)).toEqual(['error']);
  });

  it("an unknown version and a second prefix still list the versions; a pin below /batch's release does not have it", async () => {
    const { json } = testApp(frameEndpoints);
    for (const path of ['/v9.9.9/healthz', '/v2.5.0/v2.4.0/healthz', '/current/current/healthz']) {
      const { res, body } = await json(path);
      expect(res.status, path).toBe(404);
      if (path.startsWith('/v9')) expect(body.error.versions).toEqual([...VERSION_NAMES]);
    }
    expect((await json('/v2.5.0/v2.4.0/healthz')).body.error).toMatch(/Only one version prefix/);
    expect((await json('/v2.3.1/batch', { method: 'POST' })).res.status).toBe(404);
  });

  it("a WebSocket handshake to an ordinary path is a D3 400, in the pin's shape", async () => {
    const { json } = testApp(frameEndpoints);
    const { res, body } = await json('/healthz', { headers: HANDSHAKE });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ ok: false, error: { code: 'bad_request', param: 'Upgrade' } });
    const pinned = await json('/v2.5.0/healthz', { headers: HANDSHAKE });
    expect(pinned.res.status).toBe(400);
    expect(Object.keys(pinned.body)).toEqual(['error']);
  });

  it('routed under /music with app.route(): prefixes, percent-encoding and the versions 404 still hold', async () => {
    const { app } = testApp(frameEndpoints);
    const host = new Hono().route('/music', app);
    const headers = { 'User-Agent': UA };
    expect((await host.request('/music/v%32.5.0/editorial/genres', { headers })).status).toBe(200);
    const unknown = await host.request('/music/v1.0.0/editorial/genres', { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      ok: false,
      error: { code: 'not_found', versions: [...VERSION_NAMES] },
    });
    expect(await (await host.request('/music/v2.5.0/nope', { headers })).json()).toEqual({
      error: 'No endpoint at /nope. See /music/errors and /music/openapi.json.',
    });
  });

  it('keeps Hono on its RegExpRouter (a root /:param route would force the TrieRouter)', async () => {
    const { app } = testApp(frameEndpoints);
    await app.request('/healthz');
    expect((app.router as { name: string }).name).toBe('SmartRouter + RegExpRouter');
  });
});
