/**
 * D7, issue #23: a pinned version answers only the paths it had. Over the real
 * route table: every path declared with a `since`, every method (the declared one, the 405
 * ones, a preflight, a method Hono has never heard of), under every version before its
 * arrival, is the gate's 404 before anything else answers (no 405, no 503, no 204, no 413);
 * the arrival version itself answers.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../core/routes/index.ts';
import { VERSIONS, VERSION_NAMES } from '../../../core/http/versions.ts';
import { makeSleeve, UA } from '../../helpers/routes/client.ts';

/**
 * The interface's version history, the releases it names a path for (everything else it names is
 * "and others" and cannot be placed): each must be that path's declared `since`.
 */
const SPEC_ARRIVALS: Readonly<Record<string, string>> = {
  '/chat': '2.5.0',
  '/assistant': '2.5.0',
  '/search/all': '2.4.0',
  '/batch': '2.4.0',
  '/artist/discography': '2.4.0',
  '/track/hot': '2.1.1',
  '/share/card': '2.1.1',
  '/resolve': '2.1.0',
  '/track/isrc': '2.1.0',
  '/healthz': '2.1.0',
};

const sleeve = makeSleeve();
const gated = endpoints.filter((e) => e.since !== undefined);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'FOO'] as const;

/** A concrete path for a declared one (`/media/images/:kind/:file` has none gated today). */
const concrete = (path: string) => path.replace(/:[^/]+/g, 'x');

async function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const body =
    method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
      ? undefined
      : '{"messages":[{"role":"user","content":"a"}]}';
  const init: RequestInit = {
    method,
    headers: { 'user-agent': UA, 'content-type': 'application/json', ...headers },
    body,
  };
  return sleeve.fetch(new Request(`http://sleeve.test${path}`, init));
}

describe('the version gate (D7, issue #23)', () => {
  it('declares every arrival the spec names', () => {
    for (const [path, since] of Object.entries(SPEC_ARRIVALS)) {
      expect(endpoints.find((e) => e.path === path)?.since, path).toBe(since);
    }
  });

  const cases = gated.flatMap((e) =>
    VERSIONS.slice(0, VERSION_NAMES.indexOf(e.since!)).flatMap((v) =>
      METHODS.map((m) => [e.path, v.name, m, e.since!] as const),
    ),
  );

  it.each(cases)('%s under %s, method %s: 404 "arrived in %s"', async (path, version, method, since) => {
    const res = await send(method, `/v${version}${concrete(path)}`);
    expect(res.status).toBe(404);
    // Pins before 3.0.0 answer the legacy shape (D3); a HEAD has no body to read.
    if (method === 'HEAD') return;
    expect(await res.json()).toEqual({
      error: `No endpoint at ${path} in version ${version}; it arrived in ${since}.`,
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('the gate answers before the body guard: an oversized body is still the 404', async () => {
    const res = await send('POST', '/v2.4.0/chat', { 'content-length': String(1024 * 1024) });
    expect(res.status).toBe(404);
  });

  it.each(gated.map((e) => [e.path, e.since!, e.method ?? 'GET'] as const))(
    '%s under its arrival %s, method %s, is not the gate',
    async (path, since, method) => {
      for (const version of VERSION_NAMES.slice(VERSION_NAMES.indexOf(since))) {
        const res = await send(method, `/v${version}${concrete(path)}`);
        const text = await res.text();
        expect(text, `${version} ${path} → ${res.status}`).not.toContain('it arrived in');
      }
    },
  );

  it('an alias kept after a rename is as old as the name it keeps: answered before the new name arrived', async () => {
    for (const endpoint of gated.filter((e) => e.aliases?.length)) {
      for (const alias of endpoint.aliases!) {
        const res = await send('GET', `/v${VERSION_NAMES[0]}${alias}`);
        expect(await res.text(), alias).not.toContain('it arrived in');
      }
    }
  });
});
