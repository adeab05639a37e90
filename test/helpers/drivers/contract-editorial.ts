/**
 * @module
 * The contract of the genre chart and editorial lists (D21): optional in
 * `MusicDriver`, so a driver that has them runs these cases. Genre 106 (`Electro`) is in the
 * demo catalogue and in Deezer's recordings.
 */
import { describe, expect } from 'vitest';
import type { MusicDriver } from '../../../core/drivers/contracts/music.ts';
import {
  AlbumHitSchema,
  ArtistSchema,
  expectValid,
  GenreSchema,
  PlaylistHitSchema,
  TrackHitSchema,
} from './domain-schemas.ts';
import { caseRunner, type ContractOptions } from './contract-kit.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

export interface EditorialContractOptions extends ContractOptions<MusicDriver> {
  /** A genre and editorial id with a chart, a selection and charts (default 106). */
  genreId?: number;
}

export function runEditorialContract(options: EditorialContractOptions): void {
  const id = options.genreId ?? 106;
  const test = caseRunner(options);
  describe(`editorial contract: ${options.name}`, () => {
    test("a genre's chart honours limit, each track schema-valid", async (s) => {
      const tracks = await s.genreChart!(id, { limit: 4 });
      expect(tracks.length).toBe(4);
      for (const t of tracks) expectValid(TrackHitSchema, t, 'track');
      expect((await s.genreChart!(id, { limit: 2 })).map((t) => t.id)).toEqual(tracks.slice(0, 2).map((t) => t.id));
    });

    test('an editorial by id, null for an unknown one', async (s) => {
      expectValid(GenreSchema, await s.editorial!(id), 'editorial');
      expect((await s.editorial!(id))?.id).toBe(id);
      expect(await s.editorial!(1_999_999_999)).toBeNull();
    });

    test("an editorial's selection honours limit, each album schema-valid", async (s) => {
      const albums = await s.editorialSelection!(id, { limit: 3 });
      expect(albums.length).toBe(3);
      for (const a of albums) expectValid(AlbumHitSchema, a, 'album');
    });

    test("an editorial's four charts, each at most limit long, every item schema-valid", async (s) => {
      const charts = await s.editorialCharts!(id, { limit: 3 });
      expect(Object.keys(charts).sort()).toEqual(['albums', 'artists', 'playlists', 'tracks']);
      for (const list of Object.values(charts)) expect(list.length).toBeLessThanOrEqual(3);
      expect(charts.tracks.length).toBe(3);
      for (const t of charts.tracks) expectValid(TrackHitSchema, t, 'track');
      for (const a of charts.albums) expectValid(AlbumHitSchema, a, 'album');
      for (const a of charts.artists) expectValid(ArtistSchema, a, 'artist');
      for (const p of charts.playlists) expectValid(PlaylistHitSchema, p, 'playlist');
    });

    test('calls honour an aborted signal', async (s) => {
      const scope = unboundScope(AbortSignal.abort(new Error('aborted by the contract suite')));
      await expect(s.genreChart!(id, { limit: 2, scope })).rejects.toThrow();
      await expect(s.editorialCharts!(id, { limit: 2, scope })).rejects.toThrow();
    });
  });
}
