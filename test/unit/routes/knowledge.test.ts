/**
 * Lyrics and knowledge in demo mode (D24–D26): the catalogue is generated and demo mode makes
 * no network call, so `/lyrics`, `/lyrics/search` (and `/search/lyrics`), `/artist/biography`
 * and `/artist/knowledgebase` answer 503 `not_configured`, never made-up words; bad input is
 * still a 400 first, as in live mode. An embedder who gives a lyrics or knowledge source gets
 * them served in demo mode too.
 */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import type { KnowledgeDriver } from '../../../core/drivers/contracts/knowledge.ts';
import type { LyricsDriver } from '../../../core/drivers/contracts/lyrics.ts';
import { call, fails, makeSleeve, ok, q } from '../../helpers/routes/client.ts';
import { prolificArtist } from '../../helpers/routes/fixtures.ts';

describe('lyrics and knowledge in demo mode', () => {
  it.each([
    `/lyrics?${q({ artist: 'Anyone', title: 'Anything' })}`,
    `/lyrics/search?${q({ query: 'anything' })}`,
    `/search/lyrics?${q({ title: 'anything' })}`,
    `/artist/biography?${q({ artist: 'Anyone' })}`,
    `/artist/knowledgebase?${q({ artist: 'Anyone' })}`,
  ])('%s is a 503 not_configured that says live mode has it', async (path) => {
    const { status, body, headers } = await call(path);
    expect(status).toBe(503);
    expect(body.error.code).toBe('not_configured');
    expect(body.error.message).toMatch(/live mode .*never invents/);
    expect(headers.get('x-cache')).not.toBe('HIT');
  });

  it('a catalogue artist by id is no exception: still 503, never a biography of a generated artist', async () => {
    const artist = await prolificArtist();
    await fails(`/artist/biography?${q({ id: artist.id })}`, 503, 'not_configured');
    await fails(`/artist/knowledgebase?${q({ artist: artist.name })}`, 503, 'not_configured');
  });

  it.each([
    ['/lyrics', { title: 'x' }, 'artist'],
    ['/lyrics', { artist: 'x', title: 'y', duration: '0' }, 'duration'],
    ['/lyrics/search', { album: 'x' }, 'query'],
    ['/search/lyrics', { query: 'x', limit: '0' }, 'limit'],
    ['/artist/biography', {}, 'artist'],
    ['/artist/knowledgebase', { id: '-3' }, 'id'],
  ])('%s with bad input is a 400 naming the parameter before anything else', async (path, params, param) => {
    await fails(`${path}?${q(params)}`, 400, 'bad_request', param);
  });

  it('sources given by an embedder are served in demo mode, with their attribution', async () => {
    const attribution = { source: 'Mine', url: 'https://lyrics.example', license: null, licenseUrl: null };
    const lyrics: LyricsDriver = {
      name: 'mine',
      attribution,
      probe: async () => ({ ok: true, status: 200 }),
      lyrics: async ({ artist, title }) => ({
        id: 1,
        title,
        artist,
        album: null,
        duration: null,
        instrumental: false,
        plain: 'la la',
        synced: null,
      }),
      search: async () => [],
    };
    const knowledge: KnowledgeDriver = {
      name: 'mine',
      probe: async () => ({ ok: true, status: 200 }),
      factsAttribution: { source: 'Mine', license: null, licenseUrl: null },
      biographyAttribution: { source: 'Mine', license: null, licenseUrl: null },
      artist: async () => null,
      biography: async () => null,
    };
    const sleeve = makeSleeve({ sources: { lyrics, knowledge } });
    expect(await ok(s.lyricsSchema, `/lyrics?${q({ artist: 'A', title: 'B' })}`, { sleeve })).toMatchObject({
      plainLyrics: 'la la',
      attribution,
    });
    expect((await call(`/artist/knowledgebase?${q({ artist: 'A' })}`, { sleeve })).status).toBe(404);
  });
});
