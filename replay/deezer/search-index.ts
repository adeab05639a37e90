/**
 * @module
 * Every track, album, artist and playlist seen anywhere in the recordings (top level or
 * nested in a chart, a search, a tracklist), merged by id, so the replay can answer requests
 * nobody recorded (a search, an artist's top tracks) from what Deezer did say about them.
 */
import { fold } from '../../core/text/fold.ts';
import { isRecord, type Recording } from './fixtures.ts';
import type { Shape } from './shapes.ts';

export type Kind = 'track' | 'album' | 'artist' | 'playlist';
type Fields = Record<string, unknown>;

export interface Entity {
  kind: Kind;
  id: number;
  fields: Fields;
  /** The newest recording it was seen in. */
  recordedAt: number | undefined;
}

interface Sighting {
  fields: Fields;
  derived: boolean;
  recordedAt: number | undefined;
  /** The album whose tracklist, or the artist whose album list, it was seen in. */
  parent: Fields | undefined;
}

const KINDS: ReadonlySet<string> = new Set<Kind>(['track', 'album', 'artist', 'playlist']);
/** Where an item sat (chart position, playlist add time, contributor role), not what it is. */
const CONTEXTUAL: ReadonlySet<string> = new Set(['position', 'time_add', 'role', 'tracks']);
/** Full playlist bodies name the owner `creator`; lists name it `user`. */
const ALIASES: Readonly<Record<string, string>> = { user: 'creator' };
/** What each kind's hits are ranked by, as Deezer ranks them. */
const POPULARITY: Readonly<Record<Kind, string>> = { track: 'rank', album: 'fans', artist: 'nb_fan', playlist: 'fans' };

export class DeezerIndex {
  readonly #entities = new Map<string, Entity>();
  /** Bodies recorded as the answer to `/{kind}/{id}` itself. */
  readonly #full = new Map<string, Fields>();
  readonly #byIsrc = new Map<string, Recording>();

  constructor(recordings: readonly Recording[]) {
    const sightings = new Map<string, Sighting[]>();
    for (const recording of recordings) {
      const see = (kind: Kind, fields: Fields, parent: Fields | undefined): void => {
        // Derived bodies reuse recorded tracks; what they add about them is not Deezer's word.
        if (recording.derived && kind === 'track') return;
        const key = `${kind}:${String(fields['id'])}`;
        sightings.set(key, [
          ...(sightings.get(key) ?? []),
          { fields, derived: recording.derived, recordedAt: recording.recordedAt, parent },
        ]);
      };
      walk(recording.body, parentOfList(recording.path), see);
      const whole = /^\/(track|album|artist|playlist)\/(\d+)$/.exec(recording.path);
      const { body } = recording;
      if (whole !== null && recording.status === 200 && isRecord(body) && String(body['id']) === whole[2]) {
        this.#full.set(`${whole[1]}:${whole[2]}`, body);
        if (whole[1] === 'track' && typeof body['isrc'] === 'string')
          this.#byIsrc.set(body['isrc'].toUpperCase(), recording);
      }
    }
    for (const [key, seen] of sightings) {
      const [kind = '', id = ''] = key.split(':');
      this.#entities.set(key, merge(kind as Kind, Number(id), seen));
    }
  }

  get(kind: Kind, id: number): Entity | undefined {
    return this.#entities.get(`${kind}:${id}`);
  }

  /** The body recorded for `/{kind}/{id}`, if that request itself was recorded. */
  full(kind: Kind, id: number): Fields | undefined {
    return this.#full.get(`${kind}:${id}`);
  }

  /** The recorded `/track/{id}` answer of the track with this ISRC. */
  trackByIsrc(isrc: string): Recording | undefined {
    return this.#byIsrc.get(isrc.toUpperCase());
  }

  all(kind: Kind): Entity[] {
    return [...this.#entities.values()].filter((entity) => entity.kind === kind);
  }

  /**
   * Deezer's search, as far as the recordings allow: every plain word must be a word of the
   * title, the artist's name or the album's title, and `artist:"…"`, `track:"…"`, `album:"…"`
   * must each be words of that field; case and accents do not count. Filters the recordings
   * hold nothing for (`label:`, `dur_min:`, `bpm_min:`…) are not applied. Most popular first.
   */
  search(kind: Kind, query: string): Entity[] {
    const wanted = parseQuery(query);
    if (wanted.words.length === 0 && wanted.fields.size === 0) return [];
    const hits = this.all(kind).filter((entity) => {
      const texts = this.#searchable(entity);
      if (texts === undefined) return false;
      const everything = new Set(Object.values(texts).flatMap((text) => textWords(text)));
      if (!wanted.words.every((word) => everything.has(word))) return false;
      return [...wanted.fields].every(([field, needed]) => {
        const text = texts[field];
        if (text === undefined) return true;
        const have = new Set(textWords(text));
        return needed.every((word) => have.has(word));
      });
    });
    return byPopularity(hits);
  }

  /** An artist's tracks, most played first (Deezer's /artist/{id}/top order). */
  tracksBy(artistId: number): Entity[] {
    return byPopularity(
      this.all('track').filter((track) => this.#artistOf(track) === artistId && isRecord(track.fields['album'])),
    );
  }

  /** An artist's releases, newest first (Deezer's /artist/{id}/albums order). */
  albumsBy(artistId: number): Entity[] {
    const date = (album: Entity): string => String(album.fields['release_date'] ?? '');
    return this.all('album')
      .filter((album) => this.#artistOf(album) === artistId)
      .sort((a, b) => date(b).localeCompare(date(a)) || a.id - b.id);
  }

  /** The entity in one of Deezer's shapes, nested artists and albums filled from the index. */
  render(fields: Fields, shape: Shape): Fields {
    const out: Fields = {};
    for (const part of shape) {
      if (typeof part === 'string') {
        if (fields[part] !== undefined) out[part] = fields[part];
        continue;
      }
      const [name, inner] = part;
      const alias = ALIASES[name];
      const nested = fields[name] ?? (alias === undefined ? undefined : fields[alias]);
      if (!isRecord(nested)) continue;
      const known =
        (name === 'artist' || name === 'album') && typeof nested['id'] === 'number'
          ? this.get(name, nested['id'])
          : undefined;
      out[name] = this.render(known === undefined ? nested : { ...nested, ...known.fields }, inner);
    }
    return out;
  }

  /** The fields a search looks at; undefined when the entity cannot be shown as a hit. */
  #searchable(entity: Entity): Record<string, string> | undefined {
    const { fields } = entity;
    const title = typeof fields['title'] === 'string' ? fields['title'] : undefined;
    switch (entity.kind) {
      case 'track': {
        const artist = this.#text(fields['artist'], 'artist', 'name');
        const album = this.#text(fields['album'], 'album', 'title');
        return title === undefined || artist === undefined || album === undefined
          ? undefined
          : { track: title, artist, album };
      }
      case 'album': {
        const artist = this.#text(fields['artist'], 'artist', 'name');
        return title === undefined || artist === undefined ? undefined : { album: title, artist };
      }
      case 'artist':
        return typeof fields['name'] === 'string' ? { artist: fields['name'] } : undefined;
      case 'playlist': {
        const owner = fields['user'] ?? fields['creator'];
        return title === undefined
          ? undefined
          : { playlist: title, owner: isRecord(owner) ? String(owner['name'] ?? '') : '' };
      }
    }
  }

  /** A nested artist's name or album's title, from the index when the nesting omits it. */
  #text(nested: unknown, kind: 'artist' | 'album', key: 'name' | 'title'): string | undefined {
    if (!isRecord(nested)) return undefined;
    const id = nested['id'];
    const text = (typeof id === 'number' ? this.get(kind, id)?.fields[key] : undefined) ?? nested[key];
    return typeof text === 'string' ? text : undefined;
  }

  #artistOf(entity: Entity): number | undefined {
    const artist = entity.fields['artist'];
    return isRecord(artist) && typeof artist['id'] === 'number' ? artist['id'] : undefined;
  }
}

/** The parent every item of a list shares, which its items do not repeat. */
function parentOfList(path: string): Fields | undefined {
  const match = /^\/(album|artist)\/(\d+)\/(tracks|albums|top)$/.exec(path);
  return match === null ? undefined : { id: Number(match[2]), type: match[1] };
}

function walk(
  value: unknown,
  parent: Fields | undefined,
  see: (kind: Kind, fields: Fields, parent: Fields | undefined) => void,
): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, parent, see);
    return;
  }
  if (!isRecord(value)) return;
  const { type, id } = value;
  const isEntity = typeof type === 'string' && KINDS.has(type) && typeof id === 'number';
  if (isEntity) see(type as Kind, value, parent);
  for (const [key, child] of Object.entries(value)) {
    // An album's own tracklist items are that album's tracks; an entity's other fields (its
    // artist, its contributors) are not the list's items; wrappers (`{ data }`) pass it on.
    const inner = !isEntity ? parent : type === 'album' && key === 'tracks' ? value : undefined;
    walk(child, inner, see);
  }
}

/**
 * Recorded sightings before derived ones, then the newest (fields that change together, a
 * cover and its md5, stay together), then the fullest; each field comes from the first
 * sighting that has it. An item seen only in a list gets that list's parent.
 */
function merge(kind: Kind, id: number, seen: readonly Sighting[]): Entity {
  const ordered = [...seen].sort(
    (a, b) =>
      Number(a.derived) - Number(b.derived) ||
      (b.recordedAt ?? 0) - (a.recordedAt ?? 0) ||
      Object.keys(b.fields).length - Object.keys(a.fields).length,
  );
  const fields: Fields = {};
  for (const sighting of ordered) {
    for (const [key, value] of Object.entries(sighting.fields)) {
      if (!CONTEXTUAL.has(key) && fields[key] === undefined) fields[key] = value;
    }
  }
  const parent = ordered.find((sighting) => sighting.parent !== undefined)?.parent;
  const parentKey = parent?.['type'] === 'album' ? 'album' : 'artist';
  if (parent !== undefined && fields[parentKey] === undefined && (kind === 'track' || kind === 'album'))
    fields[parentKey] = parent;
  const dates = seen.flatMap((sighting) => (sighting.recordedAt === undefined ? [] : [sighting.recordedAt]));
  return { kind, id, fields, recordedAt: dates.length === 0 ? undefined : Math.max(...dates) };
}

function byPopularity(entities: Entity[]): Entity[] {
  const score = (entity: Entity): number => Number(entity.fields[POPULARITY[entity.kind]] ?? 0) || 0;
  return entities.sort((a, b) => score(b) - score(a) || a.id - b.id);
}

/** Folded as Sleeve folds names (D15), split into words. */
function words(text: string): string[] {
  const folded = fold(text);
  return folded === '' ? [] : folded.split(' ');
}

/** A title's or name's words, its apostrophes read both ways as Deezer does: `It's you` is found by `it s you` and `its you`. */
function textWords(text: string): string[] {
  return [...words(text), ...words(text.replace(/['’‘`ʼ´]/g, ''))];
}

interface Query {
  words: string[];
  fields: Map<string, string[]>;
}

/** `artist:"Lou Doillon" track:"Joke" live`: Deezer's advanced syntax plus plain words. */
function parseQuery(query: string): Query {
  const fields = new Map<string, string[]>();
  const rest = query.replace(
    /([a-z_]+):(?:"([^"]*)"|(\S+))/gi,
    (_match, name: string, quoted?: string, bare?: string) => {
      fields.set(name.toLowerCase(), words(quoted ?? bare ?? ''));
      return ' ';
    },
  );
  return { words: words(rest), fields };
}
