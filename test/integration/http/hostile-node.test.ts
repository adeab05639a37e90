/**
 * Issue 10, items 2, 3 and 6, on a real Node server (`sleeve/node`) over raw sockets, for what
 * `fetch` will not send: TRACE behind a prefix, a Content-Length the body never reaches, and
 * POSTs cut off mid-body, which must be answered or dropped without a line in the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { head, raw } from '../../helpers/raw-http.ts';
import { UA } from '../../helpers/http/app.ts';

const logs: string[] = [];
let served: Served;
/**
 * The same server with a body deadline of a minute: what it answers within `PATIENT_WAIT_MS`
 * it answered without waiting for a body that never comes. Asserted by order, not by a
 * duration: the client's wait is generous, and still far below the server's deadline.
 */
let patient: Served;
const PATIENT_WAIT_MS = 20_000;

beforeAll(async () => {
  const log = {
    info() {},
    error: (message: string, fields?: unknown) => void logs.push(`${message} ${JSON.stringify(fields)}`),
  };
  served = await serve({ port: 0, hostname: '127.0.0.1', rateLimits: 'off', bodyTimeoutMs: 300, log });
  patient = await serve({ port: 0, hostname: '127.0.0.1', rateLimits: 'off', bodyTimeoutMs: 60_000, log });
});
afterAll(async () => {
  for (const { server } of [served, patient]) {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('hostile requests on Node (issue 10)', () => {
  it.each(['/healthz', '/current/healthz', '/v2.5.0/healthz', '/v3.0.0/batch'])(
    'TRACE %s is a 405 in the version shape, never a 500',
    async (path) => {
      const answer = await raw(served.url, head('TRACE', path, { 'User-Agent': UA }));
      expect(answer?.status).toBe(405);
      const body = JSON.parse(answer!.body);
      if (path.startsWith('/v2.5.0')) expect(body).toEqual({ error: expect.stringContaining('TRACE') });
      else expect(body).toMatchObject({ ok: false, error: { code: 'method_not_allowed' } });
    },
  );

  it.each(['/current/healthz', '/v2.5.0/healthz', '/current/batch'])(
    '%s with a Content-Length over 64 KiB is 413 at once, the rest unread',
    async (path) => {
      const answer = await raw(
        patient.url,
        head('POST', path, {
          'User-Agent': UA,
          'Content-Type': 'application/json',
          'Content-Length': 400 * 1024 * 1024,
        }) + 'x'.repeat(1024),
        { waitMs: PATIENT_WAIT_MS },
      );
      // Answered while the body's deadline was still a minute away: nothing of it was waited for.
      expect(answer?.status).toBe(413);
    },
  );

  it.each([
    ['POST', '/current/healthz', 405],
    ['POST', '/healthz', 405],
    ['GET', '/v2.5.0/errors', 200],
    ['DELETE', '/current/editorial/genres', 405],
    ['POST', '/current/batch', 400],
    ['POST', '/v2.5.0/batch', 400],
    ['POST', '/batch', 400],
  ])('%s %s declaring more than it sends is answered (%i), not held open', async (method, path, status) => {
    // Only /batch takes a body: it waits for it until the deadline (300 ms on `served`); the
    // others answer on `patient`, whose deadline is a minute, so they did not wait for it.
    const takesBody = path.endsWith('/batch');
    const answer = await raw(
      (takesBody ? served : patient).url,
      head(method, path, { 'User-Agent': UA, 'Content-Type': 'application/json', 'Content-Length': 1000 }) +
        '{"requests": [',
      { waitMs: takesBody ? 3000 : PATIENT_WAIT_MS },
    );
    expect(answer?.status).toBe(status);
  });

  it('POSTs cut off mid-body leave no line in the log', async () => {
    const paths = ['/batch', '/current/batch', '/v2.5.0/batch', '/current/healthz'];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        raw(
          served.url,
          `${head('POST', paths[i % paths.length]!, {
            'User-Agent': UA,
            'Content-Type': 'application/json',
            'Content-Length': 5000,
          })}{"requests": [`,
          {
            waitMs: 500,
            afterWrite: (socket) => setTimeout(() => socket.destroy(), 20),
          },
        ),
      ),
    );
    // Past the body deadline too: whatever was still waiting has given up by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logs).toEqual([]);
  });
});
