/** D3: one error shape from one place, for every failure; `GET /errors` lists the codes. */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../core/errors.ts';
import { echoEndpoint, testApp, frameEndpoints as endpoints } from '../../helpers/http/app.ts';

function setup() {
  const echo = echoEndpoint({ cache: 'no-store' });
  return { ...testApp([...endpoints, echo.endpoint]), echo };
}

const shape = { ok: false, error: { code: expect.any(String), message: expect.any(String) } };

describe('errors (D3)', () => {
  it('an unknown path is 404 not_found in the shape', async () => {
    const { json } = setup();
    const { res, body } = await json('/no/such/thing');
    expect(res.status).toBe(404);
    expect(body).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('a known path with the wrong method is 405 with Allow', async () => {
    const { json } = setup();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const { res, body } = await json('/editorial/genres', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(body).toMatchObject({ ok: false, error: { code: 'method_not_allowed' } });
    }
    const { res } = await json('/batch', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('upstream failures and timeouts keep their status and code', async () => {
    const { json, echo } = setup();
    const cases = [
      ['upstream', 502, 'upstream_error'],
      ['timeout', 504, 'upstream_timeout'],
      ['abort-timeout', 504, 'upstream_timeout'],
    ] as const;
    for (const [behaviour, status, code] of cases) {
      echo.state.behaviour = behaviour;
      const { res, body } = await json('/t/echo?query=x');
      expect(res.status).toBe(status);
      expect(body).toMatchObject({ ok: false, error: { code } });
    }
  });

  it('a bug is 500 internal_error with a request id, logged, and no stack in the body', async () => {
    const { json, echo, logs } = setup();
    echo.state.behaviour = 'bug';
    const { res, body } = await json('/t/echo?query=x');
    expect(res.status).toBe(500);
    expect(body).toMatchObject({ ok: false, error: { code: 'internal_error', requestId: expect.any(String) } });
    expect(body.error.message).toContain(body.error.requestId);
    expect(JSON.stringify(body)).not.toMatch(/secret internals|TypeError|at .*\.ts/);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.fields).toMatchObject({
      requestId: body.error.requestId,
      error: expect.stringContaining('secret internals'),
    });
  });

  it('a validation failure is 400 bad_request naming the parameter', async () => {
    const { json } = setup();
    const { res, body } = await json('/t/echo?query=x&limit=99');
    expect(res.status).toBe(400);
    expect(body).toEqual({
      ok: false,
      error: { code: 'bad_request', param: 'limit', message: 'limit must be an integer from 1 to 25' },
    });
  });

  it('GET /errors lists every code with status and meaning, without a User-Agent', async () => {
    const { json } = setup();
    const { res, body } = await json('/errors', { ua: null });
    expect(res.status).toBe(200);
    expect(body.errors).toHaveLength(Object.keys(ERROR_CODES).length);
    for (const entry of body.errors)
      expect(entry).toEqual({ code: entry.code, ...ERROR_CODES[entry.code as keyof typeof ERROR_CODES] });
    expect(body.errors.map((e: { code: string }) => e.code)).toContain('method_not_allowed');
  });

  it('every error answer has the shape and CORS', async () => {
    const { fetch, echo } = setup();
    echo.state.behaviour = 'upstream';
    const answers = await Promise.all([
      fetch('/nope'),
      fetch('/editorial/genres', { ua: null }),
      fetch('/editorial/genres', { method: 'PUT' }),
      fetch('/t/echo'),
      fetch('/t/echo?query=x'),
      fetch('/v0.0.1/x'),
    ]);
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject(shape);
    }
  });
});
