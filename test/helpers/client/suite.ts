/**
 * @module
 * The client against a running server: the same checks on every runtime the smoke suite
 * covers (Node in process, Bun and Deno as child processes). Answers are checked against the
 * declarations' own schemas, so "typed" is also true at run time.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createClient, SleeveApiError, type SleeveClient } from 'sleeve/client';
import { albumNewReleases } from '../../../core/routes/music/album.ts';
import { batch } from '../../../core/routes/batch.ts';
import { healthz } from '../../../core/routes/health.ts';
import { searchAll } from '../../../core/routes/music/search.ts';
import { trackHot } from '../../../core/routes/music/track.ts';

export const USER_AGENT = 'client-test/1.0 (client@example.com)';

/** Rejects with what the call threw, for assertions on it. */
export async function thrown(call: Promise<unknown>): Promise<SleeveApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SleeveApiError);
  return error as SleeveApiError;
}

/**
 * Whether an answer is a whole Response. Not `instanceof`: @hono/node-server swaps the global
 * `Response` for its own class in the process that serves, while `fetch` still builds undici's.
 */
export function isResponse(value: unknown): value is Response {
  const r = value as Response | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.status === 'number' &&
    typeof r.headers?.get === 'function' &&
    typeof r.text === 'function'
  );
}

export function runClientSuite(name: string, baseUrl: () => string): void {
  describe(`sleeve/client against ${name}`, () => {
    const client = (): SleeveClient => createClient({ baseUrl: baseUrl(), userAgent: USER_AGENT });

    it('GET /track/hot with a parameter resolves to the declared answer', async () => {
      const hot = await client().track.hot.$get({ limit: 3 });
      expect(v.parse(trackHot.response, hot)).toEqual(hot);
      expect(hot.tracks).toHaveLength(3);
      expect(hot.tracks.map((t) => t.position)).toEqual([1, 2, 3]);
    });

    it('search.all and album["new-releases"] answer their schemas', async () => {
      const found = await client().search.all.$get({ query: 'love', limit: 2 });
      expect(v.parse(searchAll.response, found)).toEqual(found);
      const releases = await client().album['new-releases'].$get();
      expect(v.parse(albumNewReleases.response, releases)).toEqual(releases);
      expect(releases.length).toBeGreaterThan(0);
    });

    it('healthz resolves to the health body', async () => {
      const health = await client().healthz.$get();
      expect(v.parse(healthz.response, health).status).toBe('ok');
    });

    it('POST /batch sends the typed body and resolves to the envelope', async () => {
      const answer = await client().batch.$post({
        requests: [{ id: 'genres', path: '/editorial/genres' }, { path: '/track/hot?limit=999' }],
      });
      expect(v.parse(batch.response, answer)).toEqual(answer);
      expect(answer).toMatchObject({ count: 2, succeeded: 1, failed: 1 });
      expect(answer.responses['genres']?.status).toBe(200);
      expect(answer.responses['1']).toMatchObject({
        status: 400,
        body: { ok: false, error: { code: 'bad_request', param: 'limit' } },
      });
    });

    it('a bad parameter rejects with a SleeveApiError naming it (D4)', async () => {
      const error = await thrown(client().track.hot.$get({ limit: 999 }));
      expect(error).toMatchObject({ name: 'SleeveApiError', code: 'bad_request', status: 400, param: 'limit' });
      expect(error.message).toMatch(/limit must be an integer from 1 to 100/);
    });

    it('an unknown artist rejects with not_found (D5)', async () => {
      const error = await thrown(client().artist.info.$get({ id: 999_999_999 }));
      expect(error).toMatchObject({ code: 'not_found', status: 404, param: undefined });
    });

    it('media resolve to their Response: a picture, and the preview as its 302', async () => {
      const image = await client().media.images[':kind'][':file'].$get({ param: { kind: 'genre', file: '0.svg' } });
      expect(isResponse(image)).toBe(true);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await image.text()).toMatch(/^<svg/);
      const preview = await client().track.preview.$get({ id: 100006189 });
      expect(preview.status).toBe(302);
      expect(preview.headers.get('location')).toMatch(/^https?:\/\//);
    });
  });
}
