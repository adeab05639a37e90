/**
 * @module
 * D30: Sleeve's own data as fact lines for a model. Pure functions from domain objects to
 * groups of short `name: value` lines, one group per thing (a track, its audio features, an
 * artist, a comparison, a search). The same groups go into the prompt and back to the caller
 * as `grounding`, so what the model was told is exactly what the caller can check. Nothing
 * here is invented: a value the driver does not have is left out, never guessed.
 */
import type { TrackDetails } from '../music/track.ts';
import { formatDuration, keyName } from '../../utils/format.ts';
import type { AudioFeatures } from '../../domain/features.ts';
import type { AlbumHit, Artist, Track, TrackHit } from '../../domain/music.ts';
import type { Discography } from '../music/discography.ts';
import type { SearchAllResult } from '../search/search.ts';

/**
 * Facts about one thing (a track, its audio features, an artist, a search), as the prompt holds
 * them and the answer's `grounding` returns them (`factGroupSchema` in schemas/responses/ai.ts).
 */
export interface FactGroup {
  subject: string;
  facts: string[];
}

/** Two decimals: enough for 0..1 features, short enough for a prompt. */
const n2 = (x: number) => String(Math.round(x * 100) / 100);
const quoted = (s: string) => JSON.stringify(s);

/** `"Title" by Artist`: how a track is named in every fact line. */
function trackName(t: Pick<TrackHit, 'title' | 'artist'>): string {
  return `${quoted(t.title)} by ${t.artist.name}`;
}

/** Demo mode's catalogue is generated: the model is told, so it never passes it off as real. */
export function serviceFacts(mode: 'demo' | 'live'): FactGroup {
  return mode === 'demo'
    ? {
        subject: 'Source',
        facts: ["Sleeve's generated demo catalogue: invented artists, tracks and numbers, not real recordings"],
      }
    : {
        subject: 'Source',
        facts: ["Sleeve's live catalogue (music metadata from Deezer, audio features from ReccoBeats)"],
      };
}

/** The genres that stand for a track: its artist's, else its album's (Deezer files genres on albums). */
function genresOf(d: TrackDetails): string[] {
  return d.artist?.genres.length ? d.artist.genres : (d.album?.genres ?? []);
}

function trackFacts(d: TrackDetails): FactGroup {
  const { track, album } = d;
  const credits = (track.artists.length ? track.artists : [{ ...track.artist, role: 'Main' }]).map(
    (a) => `${a.name} (${a.role})`,
  );
  const facts = [`title: ${track.title}`, `credited artists: ${credits.join(', ')}`];
  if (track.isrc) facts.push(`ISRC: ${track.isrc}`);
  facts.push(`duration: ${formatDuration(track.durationMs)}`, `explicit: ${track.explicit ? 'yes' : 'no'}`);
  const released = album?.releaseDate ?? track.releaseDate;
  const albumBits = [
    album?.recordType,
    released ? `released ${released}` : undefined,
    album?.label ? `label ${album.label}` : undefined,
    album ? `${album.trackCount} tracks` : undefined,
  ];
  facts.push(
    `album: ${quoted(track.album.title)}${albumBits.some(Boolean) ? ` (${albumBits.filter(Boolean).join(', ')})` : ''}`,
  );
  if (track.trackNumber !== null)
    facts.push(
      `position: track ${track.trackNumber}${track.discNumber !== null ? ` of disc ${track.discNumber}` : ''}`,
    );
  const genres = genresOf(d);
  if (genres.length) facts.push(`genres: ${genres.join(', ')}`);
  facts.push(`popularity rank: ${track.rank} (the source's own scale, higher is more popular)`);
  if (!d.features) facts.push('audio features: none known');
  return { subject: `Track ${track.id}: ${trackName(track)}`, facts };
}

function featureFacts(f: AudioFeatures, track: Pick<TrackHit, 'title' | 'artist'>): FactGroup {
  const key = keyName(f.keyIndex);
  const facts = [
    `key: ${key ? `${key} ${f.mode.toLowerCase()}` : 'not detected'}`,
    `tempo: ${Math.round(f.tempo)} BPM`,
    ...(f.timeSignature !== null ? [`time signature: ${f.timeSignature} beats per bar`] : []),
    `loudness: ${n2(f.loudness)} dB`,
    `energy: ${n2(f.energy)} (0 calm to 1 intense)`,
    `danceability: ${n2(f.danceability)} (0 to 1)`,
    `valence: ${n2(f.valence)} (0 sad or tense to 1 happy or cheerful)`,
    `acousticness: ${n2(f.acousticness)} (0 to 1)`,
    `instrumentalness: ${n2(f.instrumentalness)} (0 sung to 1 instrumental)`,
    `liveness: ${n2(f.liveness)} (0 studio to 1 live audience)`,
    `speechiness: ${n2(f.speechiness)} (0 music to 1 spoken word)`,
  ];
  return { subject: `Audio features of ${trackName(track)} (ISRC ${f.isrc})`, facts };
}

export function artistFacts(artist: Artist): FactGroup {
  const facts = [`name: ${artist.name}`, `fans: ${artist.fans}`, `releases: ${artist.albumCount}`];
  if (artist.genres.length) facts.push(`genres: ${artist.genres.join(', ')}`);
  return { subject: `Artist ${artist.id}: ${artist.name}`, facts };
}

export function relatedFacts(seed: Pick<TrackHit, 'title' | 'artist'>, related: readonly TrackHit[]): FactGroup {
  return {
    subject: `Tracks Sleeve relates to ${trackName(seed)}`,
    facts: related.length ? related.map(trackName) : ['none'],
  };
}

/** What the full-track facts of `/ai/track-insights` and `/ai/similar-because` hold. */
export function fullTrackFacts(d: TrackDetails): FactGroup[] {
  const groups = [trackFacts(d)];
  if (d.features) groups.push(featureFacts(d.features, d.track));
  if (d.artist) groups.push(artistFacts(d.artist));
  return groups;
}

export function topTrackFacts(artist: Artist, top: readonly TrackHit[]): FactGroup {
  return {
    subject: `Most popular tracks of ${artist.name}`,
    facts: top.length ? top.map((t) => `${quoted(t.title)} (rank ${t.rank})`) : ['none known'],
  };
}

export function similarArtistFacts(artist: Artist, related: readonly Artist[]): FactGroup {
  return {
    subject: `Artists Sleeve relates to ${artist.name}`,
    facts: related.length
      ? related.map((a) => `${a.name} (${a.genres.length ? a.genres.join(', ') : 'genres not known'})`)
      : ['none'],
  };
}

const year = (a: AlbumHit) => a.releaseDate?.slice(0, 4);

export function discographyFacts(artist: Artist, d: Discography, releases: readonly AlbumHit[]): FactGroup {
  const c = d.counts;
  const facts = [`releases: ${c.albums} albums, ${c.singles} singles, ${c.eps} EPs, ${c.compilations} compilations`];
  const dated = releases.filter((r) => r.releaseDate).sort((a, b) => a.releaseDate!.localeCompare(b.releaseDate!));
  if (dated.length) {
    const first = dated[0]!;
    const last = dated.at(-1)!;
    facts.push(
      `first release: ${quoted(first.title)} (${first.recordType}, ${year(first)})`,
      `latest release: ${quoted(last.title)} (${last.recordType}, ${year(last)})`,
    );
  }
  return { subject: `Discography of ${artist.name}`, facts };
}

/** What two tracks share and where they differ, computed here so the model need not do arithmetic. */
export function comparisonFacts(a: TrackDetails, b: TrackDetails): FactGroup {
  const facts: string[] = [];
  facts.push(
    a.track.artist.id === b.track.artist.id
      ? `same main artist: ${a.track.artist.name}`
      : `different main artists: ${a.track.artist.name} and ${b.track.artist.name}`,
  );
  if (a.track.album.id === b.track.album.id) facts.push(`same album: ${quoted(a.track.album.title)}`);
  const gb = new Set(genresOf(b).map((g) => g.toLowerCase()));
  const shared = genresOf(a).filter((g) => gb.has(g.toLowerCase()));
  facts.push(shared.length ? `shared genres: ${shared.join(', ')}` : 'shared genres: none');
  if (a.recommendations.some((t) => t.id === b.track.id))
    facts.push(`${trackName(b.track)} is among the tracks Sleeve relates to ${trackName(a.track)}`);
  const fa = a.features;
  const fb = b.features;
  if (fa && fb) {
    facts.push(
      `tempo: ${Math.round(fa.tempo)} and ${Math.round(fb.tempo)} BPM (${Math.round(Math.abs(fa.tempo - fb.tempo))} apart)`,
    );
    const ka = keyName(fa.keyIndex);
    const kb = keyName(fb.keyIndex);
    if (ka && kb)
      facts.push(
        `keys: ${ka} ${fa.mode.toLowerCase()} and ${kb} ${fb.mode.toLowerCase()}${fa.keyIndex === fb.keyIndex && fa.mode === fb.mode ? ' (the same)' : ''}`,
      );
    for (const name of ['energy', 'danceability', 'valence', 'acousticness', 'instrumentalness'] as const) {
      facts.push(`${name}: ${n2(fa[name])} and ${n2(fb[name])} (${n2(Math.abs(fa[name] - fb[name]))} apart)`);
    }
  } else {
    facts.push('audio features: not known for both tracks, so their sound cannot be compared');
  }
  return { subject: `How ${trackName(a.track)} and ${trackName(b.track)} compare`, facts };
}

/** `/chat` and `/assistant`: what the catalogue holds for the caller's words (`/search/all`'s ranking). */
export function searchFacts(query: string, result: SearchAllResult): FactGroup {
  const facts = [
    ...result.artists.map(
      ({ item }) =>
        `artist ${item.id}: ${item.name} (${item.fans} fans${item.genres.length ? `; genres ${item.genres.join(', ')}` : ''})`,
    ),
    ...result.tracks.map(
      ({ item }) =>
        `track ${item.id}: ${trackName(item)}, on ${quoted(item.album.title)}${item.isrc ? `, ISRC ${item.isrc}` : ''}`,
    ),
    ...result.albums.map(
      ({ item }) =>
        `album ${item.id}: ${quoted(item.title)} by ${item.artist.name} (${item.recordType}${item.releaseDate ? `, ${item.releaseDate}` : ''})`,
    ),
  ];
  return {
    subject: `Catalogue search for ${quoted(query)}`,
    facts: facts.length ? facts : ['nothing in the catalogue matches'],
  };
}

/** The track an answer names. */
export function aiTrack(track: Track): { id: number; title: string; artist: string; isrc: string | null } {
  return { id: track.id, title: track.title, artist: track.artist.name, isrc: track.isrc };
}
