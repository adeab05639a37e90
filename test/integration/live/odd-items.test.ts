/**
 * Issue #23: one item of an unexpected shape in an upstream listing is left out, counted (one
 * log line per listing answer, /metrics' `sleeve_upstream_items_dropped_total`) and the rest
 * answered; a record asked for by id keeps failing as a whole (502). Over the replay's
 * `oddItem` and `oddRecord` faults, every listing endpoint in live mode.
 */
import { describe, expect, it } from 'vitest';
import type { Sleeve } from '../../../core/index.ts';
import { call, UA } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveSleeve } from '../../helpers/live/live.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

const replay = replayOnLoopback({}, disposeSleeves);

/** Every endpoint that answers an upstream listing (searches, charts, tracklists, releases, related, playlists). */
const LISTINGS = [
  '/search/all?query=Daft%20Punk',
  '/search/albums?query=daft%20punk',
  '/search/artist?query=daft%20punk',
  '/search/playlists?query=daft%20punk',
  '/search/suggest?query=daft',
  '/track/related?isrc=GBDUW0000059',
  '/track/hot',
  '/track/hot?country=FR',
  '/artist/top-tracks?id=27',
  '/artist/similar?id=27',
  '/artist/info?id=27',
  '/artist/albums?id=27',
  '/artist/discography?id=27',
  '/album/tracks?id=302127',
  '/album/new-releases',
  '/playlist/info?id=9200461',
  '/playlist/generate?genres=Electro',
  '/genre/chart?id=106',
  '/editorial/selection?id=106',
  '/editorial/charts?id=106',
  '/editorial/genres',
  '/recommendations?seed_genre=Electro',
  '/lyrics/search?query=amazing%20grace',
];

interface Logged {
  message: string;
  fields?: Record<string, unknown>;
}

/** A live Sleeve with an empty cache whose log lines are kept. */
function recorded(options: { metrics?: boolean } = {}): { sleeve: Sleeve; errors: Logged[] } {
  const errors: Logged[] = [];
  const sleeve = liveSleeve(replay, {
    ...options,
    log: { info() {}, error: (message, fields) => void errors.push({ message, fields }) },
  });
  return { sleeve, errors };
}

/** The answer with every upstream in its normal state, then with `fault` on Deezer and LRCLIB. */
async function withFault(path: string, fault: 'oddItem' | 'oddRecord') {
  const normal = await call(path, { sleeve: recorded().sleeve });
  const odd = recorded();
  replay.fault('deezer', fault);
  replay.fault('lrclib', fault);
  try {
    return { normal, odd: await call(path, { sleeve: odd.sleeve }), errors: odd.errors };
  } finally {
    replay.fault('deezer', null);
    replay.fault('lrclib', null);
  }
}

const dropLines = (errors: readonly Logged[]) =>
  errors.filter((e) => e.message.includes('unexpected shape in a listing'));

describe('an odd item in an upstream listing (issue #23)', () => {
  it.each(LISTINGS)('%s: the rest is answered (its schema), the item left out and logged', async (path) => {
    const { normal, odd, errors } = await withFault(path, 'oddItem');
    expect(normal.status).toBe(200);
    // `call` checks every 2xx against its endpoint's declared schema.
    expect(odd.status, JSON.stringify(odd.body).slice(0, 300)).toBe(200);
    const lines = dropLines(errors);
    expect(lines.length).toBeGreaterThan(0);
    // One odd item per listing answer: each line says one, names its upstream, list and fault.
    for (const line of lines)
      expect(line.fields).toMatchObject({
        upstream: expect.stringMatching(/^(deezer|lrclib)$/),
        list: expect.any(String),
        dropped: 1,
        reason: expect.any(String),
      });
    expect(errors.filter((e) => !dropLines([e]).length)).toEqual([]);
  });

  it("the issue's case: a search hit without its album costs /search/all that hit, not the answer", async () => {
    const { normal, odd: answer, errors } = await withFault('/search/all?query=Daft%20Punk', 'oddItem');
    // The hit made odd: the first of the track search Sleeve asked, as Deezer answers it.
    const asked = replay.calls.findLast((c) => c.upstream === 'deezer' && c.path === '/search/track')!;
    const hits = (await fetch(`${replay.deezerUrl}${asked.path}${asked.search}`).then((r) => r.json())) as {
      data: { id: number }[];
    };
    const odd = hits.data[0]!.id;
    const ids = (body: { tracks: { id: number }[] }) => body.tracks.map((t) => t.id);
    // Ranked from the hits left: as many tracks as before, none of them the odd one.
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).not.toContain(odd);
    expect(ids(answer.body).length).toBe(ids(normal.body).length);
    expect(dropLines(errors).find((e) => e.fields?.list === 'track search')?.fields).toMatchObject({
      dropped: 1,
      reason: 'album is not an object',
    });
  });

  it('/metrics counts the items left out, by upstream and list', async () => {
    const { sleeve } = recorded({ metrics: true });
    replay.fault('deezer', 'oddItem');
    try {
      expect((await call('/search/all?query=Daft%20Punk', { sleeve })).status).toBe(200);
    } finally {
      replay.fault('deezer', null);
    }
    const text = await (
      await sleeve.fetch(new Request('http://sleeve.test/metrics', { headers: { 'user-agent': UA } }))
    ).text();
    expect(text).toContain('# TYPE sleeve_upstream_items_dropped_total counter');
    for (const list of ['track search', 'artist search', 'album search', 'playlist search']) {
      expect(text).toContain(`sleeve_upstream_items_dropped_total{upstream="deezer",list="${list}"} 1`);
    }
  });

  it.each([
    '/track/credits?id=3135556',
    '/album/info?id=302127',
    '/artist/info?id=27',
    '/playlist/info?id=9200461',
    '/lyrics?artist=Judy%20Collins&title=Amazing%20Grace',
  ])('%s: a record asked for by id, of an unexpected shape, is still a 502', async (path) => {
    const { normal, odd, errors } = await withFault(path, 'oddRecord');
    expect(normal.status).toBe(200);
    expect(odd.status).toBe(502);
    expect(odd.body).toMatchObject({
      ok: false,
      error: { code: 'upstream_error', message: expect.stringContaining('unexpected shape') },
    });
    expect(dropLines(errors)).toEqual([]);
  });
});
