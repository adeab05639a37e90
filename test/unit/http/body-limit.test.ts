/**
 * Issue 10, items 2 and 6: request bodies are bounded on every path and prefix. A declared
 * Content-Length over 64 KiB is a 413 before anything reads; `/batch` counts while streaming
 * and stops at 64 KiB; a body that stalls meets a deadline; a body the client abandons is a
 * client error, never a logged `internal error`.
 */
import { describe, expect, it } from 'vitest';
import { echoEndpoint, frameEndpoints, testApp } from '../../helpers/http/app.ts';
import { cutOff, endless, stalling, within } from './_bodies.ts';

const JSON_TYPE = { 'Content-Type': 'application/json' };

const streamed = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = JSON_TYPE) =>
  ({ method: 'POST', headers, body, duplex: 'half' }) as RequestInit;

describe('request bodies (issue 10)', () => {
  it.each(['/healthz', '/current/healthz', '/v2.5.0/batch', '/batch', '/nope', '/v9.9.9/x'])(
    'a Content-Length over 64 KiB is 413 at once on %s, nothing read',
    async (path) => {
      const { json } = testApp(frameEndpoints);
      const body = endless();
      const { res, body: answer } = await within(
        1000,
        json(path, { ...streamed(body.stream, { ...JSON_TYPE, 'Content-Length': String(400 * 1024 * 1024) }) }),
      );
      expect(res.status).toBe(413);
      expect(res.headers.get('connection')).toBe('close');
      expect(body.pulls()).toBe(0);
      if (path.startsWith('/v2.5.0')) expect(answer).toEqual({ error: expect.stringContaining('65536 bytes') });
      else expect(answer).toMatchObject({ ok: false, error: { code: 'payload_too_large' } });
    },
  );

  it('a malformed Content-Length is 400 naming it', async () => {
    const { json } = testApp(frameEndpoints);
    const { res, body } = await json('/healthz', { headers: { 'Content-Length': '-1' } });
    expect(res.status).toBe(400);
    expect(body.error.param).toBe('Content-Length');
  });

  it.each(['/batch', '/current/batch', '/v2.4.0/batch'])(
    '%s without a length counts while streaming and stops past 64 KiB',
    async (path) => {
      const { res, body } = await within(2000, testApp(frameEndpoints).json(path, streamed(endless().stream)));
      expect(res.status).toBe(413);
      expect(JSON.stringify(body)).toMatch(/65536 bytes/);
    },
  );

  it.each(['/batch', '/current/batch', '/v2.5.0/batch'])(
    '%s whose body stalls is answered 400 at the deadline, not held open',
    async (path) => {
      const { json } = testApp(frameEndpoints, { bodyTimeoutMs: 100 });
      const { res, body } = await within(2000, json(path, streamed(stalling('{"requests": ['))));
      expect(res.status).toBe(400);
      expect(JSON.stringify(body)).toMatch(/did not arrive within 0.1 s/);
    },
  );

  it('a body the client abandons is a 400 and logs nothing; a real bug still logs one internal error', async () => {
    const echo = echoEndpoint();
    const { json, logs } = testApp([...frameEndpoints, echo.endpoint]);
    for (const path of ['/batch', '/current/batch']) {
      const { res, body } = await json(path, streamed(cutOff('{"requests": [')));
      expect(res.status, path).toBe(400);
      expect(body.error).toMatchObject({ code: 'bad_request', param: 'body' });
    }
    expect(logs).toEqual([]);
    echo.state.behaviour = 'bug';
    const { res, body } = await json('/current/t/echo?query=x');
    expect(res.status).toBe(500);
    expect(logs).toEqual([
      {
        message: 'internal error',
        fields: { requestId: body.error.requestId, error: expect.stringMatching(/^TypeError: .*\n\s+at /) },
      },
    ]);
  });
});
