/**
 * @module
 * What a share card shows (D29), gathered from the drivers: a track (by id or ISRC), an album
 * or an artist, its picture, and a few facts (a track's key and tempo from its audio
 * features). Pictures are those of the image routes: in demo mode the art `/cover` and `/artistimage`
 * draw for the same names; in live mode the bytes of the upstream's own picture, asked of the
 * music driver's image host (`MusicDriver.image`), which fetches from that host and nowhere
 * else. An unknown item is null (the route's 404).
 *
 * When an upstream fails for a part of the card (the features, the picture), the card is
 * still drawn, without the key and tempo or with the placeholder, and `degraded` is called:
 * the route then sends it `no-store`, as for a track answered without features.
 */
import type { CardContent, CardPicture } from '../../cards/svg.ts';
import type { Deps } from '../../wiring/deps.ts';
import { SleeveError } from '../../errors.ts';
import { formatDuration, keyName } from '../../utils/format.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { generatedArt, initials, placeholderArt, type ArtOptions } from './art.ts';
import { featuresOrNone } from '../music/features.ts';
import { fold } from '../../text/fold.ts';
import { trackByIdOrIsrc } from '../music/track.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

export type CardKind = 'track' | 'album' | 'artist';
export const CARD_KINDS: readonly CardKind[] = ['track', 'album', 'artist'];

export interface CardQuery {
  kind: CardKind;
  id?: number;
  /** Tracks only. */
  isrc?: string;
}

export interface CardCall {
  scope?: RequestScope;
  degraded(reason: string): void;
}

/** Asked of the image host: the card draws its picture 510 px wide. */
const PICTURE_SIDE = 500;
const PICTURE_IDS = 'pic-';
const UPSTREAM_FAILURES = ['upstream_error', 'upstream_timeout', 'service_unavailable'];

/** A demo card says its data is generated, so a shared picture never passes for real data. */
const noteOf = (deps: Deps): string => (deps.drivers.music.image === undefined ? 'Demo data (generated)' : '');

const year = (date: string | null): string | null => date?.slice(0, 4) ?? null;
const plural = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const joined = (parts: readonly (string | null | undefined)[]): string =>
  parts.filter((p): p is string => !!p).join(' · ');
const RECORD_NAMES = { album: 'Album', single: 'Single', ep: 'EP', compilation: 'Compilation' } as const;

/** An item's picture: drawn from its names without an image host, else the host's bytes. */
async function pictureOf(
  music: MusicDriver,
  url: string | null | undefined,
  drawn: ArtOptions,
  call: CardCall,
): Promise<CardPicture> {
  if (music.image === undefined) return { svg: generatedArt({ ...drawn, idPrefix: PICTURE_IDS }) };
  if (url === null || url === undefined) return { svg: placeholderArt() };
  try {
    const image = await music.image(url, { width: PICTURE_SIDE, height: PICTURE_SIDE, scope: call.scope });
    return image === null ? { svg: placeholderArt() } : { contentType: image.contentType, body: image.body };
  } catch (error) {
    if (!(error instanceof SleeveError && UPSTREAM_FAILURES.includes(error.code))) throw error;
    call.degraded(`the card's picture (${error.message})`);
    return { svg: placeholderArt() };
  }
}

async function trackCard(deps: Deps, q: CardQuery, call: CardCall): Promise<CardContent | null> {
  const { music } = deps.drivers;
  const { scope } = call;
  const track = await trackByIdOrIsrc(music, q, scope);
  if (track === null) return null;
  const artists = track.artists.map((a) => a.name).join(', ') || track.artist.name;
  const needsAlbum = music.image !== undefined && track.album.coverUrl === undefined;
  const [features, album] = await Promise.all([
    featuresOrNone(deps.drivers, [track], call),
    needsAlbum ? music.album(track.album.id, { scope }) : null,
  ]);
  const f = track.isrc ? features.get(track.isrc) : undefined;
  const key = f && f.keyIndex >= 0 ? `${keyName(f.keyIndex)} ${f.mode}` : null;
  const tempo = f && f.tempo > 0 ? `${Math.round(f.tempo)} BPM` : null;
  const drawn = {
    seed: `cover:${fold(track.artist.name)}|${fold(track.album.title)}`,
    label: initials(track.album.title),
  };
  return {
    seed: `track:${track.id}`,
    title: track.title,
    byline: artists,
    facts: [
      joined([track.album.title, year(track.releaseDate)]),
      joined([key, tempo, formatDuration(track.durationMs)]),
    ],
    picture: await pictureOf(music, track.album.coverUrl ?? album?.coverUrl, drawn, call),
    note: noteOf(deps),
  };
}

async function albumCard(deps: Deps, id: number, call: CardCall): Promise<CardContent | null> {
  const { music } = deps.drivers;
  const album = await music.album(id, { scope: call.scope });
  if (album === null) return null;
  const drawn = { seed: `cover:${fold(album.artist.name)}|${fold(album.title)}`, label: initials(album.title) };
  return {
    seed: `album:${album.id}`,
    title: album.title,
    byline: album.artist.name,
    facts: [
      joined([RECORD_NAMES[album.recordType], year(album.releaseDate)]),
      joined([plural(album.trackCount, 'track', 'tracks'), `${Math.round(album.duration / 60)} min`]),
      joined([album.label, album.genres.slice(0, 2).join(', ')]),
    ],
    picture: await pictureOf(music, album.coverUrl, drawn, call),
    note: noteOf(deps),
  };
}

async function artistCard(deps: Deps, id: number, call: CardCall): Promise<CardContent | null> {
  const { music } = deps.drivers;
  const artist = await music.artist(id, { scope: call.scope });
  if (artist === null) return null;
  const drawn = { seed: `artist:${artist.id}:${fold(artist.name)}`, label: initials(artist.name), round: true };
  return {
    seed: `artist:${artist.id}`,
    title: artist.name,
    byline: '',
    facts: [
      joined([plural(artist.fans, 'fan', 'fans'), plural(artist.albumCount, 'release', 'releases')]),
      artist.genres.slice(0, 3).join(', '),
    ],
    picture: await pictureOf(music, artist.imageUrl, drawn, call),
    round: true,
    note: noteOf(deps),
  };
}

/** The card's content, or null when the item is unknown. */
export function cardContent(deps: Deps, q: CardQuery, call: CardCall): Promise<CardContent | null> {
  if (q.kind === 'track') return trackCard(deps, q, call);
  return q.kind === 'album' ? albumCard(deps, q.id!, call) : artistCard(deps, q.id!, call);
}
