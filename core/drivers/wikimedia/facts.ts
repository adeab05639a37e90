/**
 * @module
 * Reading a Wikidata item as a music artist: whether it is one, and its facts. Pure.
 *
 * An item is a music artist when it is an instance (P31) of a musical-group class, or a
 * human (Q5) whose occupation (P106) is a musical one, or when it carries an artist id of a
 * music database (MusicBrainz P434, Discogs P1953, Deezer P2722, Spotify P1902): those ids
 * are only ever given to artists, so they catch what a short class list misses (a DJ duo
 * filed as "duo", a composer filed by instrument). Facts read: origin (P495 country of
 * origin, P740 location of formation; a person: P27 citizenship, P19 place of birth), active
 * years (P2031/P2032 work period, else P571 inception / P576 dissolved), genres (P136),
 * members (P527), official website (P856). Deprecated statements are dropped; preferred ones
 * come first.
 */
import type { Entity, Statement } from './wire.ts';

const P = {
  instanceOf: 'P31',
  occupation: 'P106',
  countryOfOrigin: 'P495',
  formedIn: 'P740',
  citizenship: 'P27',
  birthPlace: 'P19',
  inception: 'P571',
  dissolved: 'P576',
  workStart: 'P2031',
  workEnd: 'P2032',
  genre: 'P136',
  hasPart: 'P527',
  website: 'P856',
  deezerArtist: 'P2722',
} as const;

const HUMAN = 'Q5';
/** musical group, band, rock band, musical duo, musical ensemble, girl group, boy band, orchestra. */
const GROUP_CLASSES: ReadonlySet<string> = new Set([
  'Q215380',
  'Q2088357',
  'Q5741069',
  'Q9212979',
  'Q641066',
  'Q216337',
  'Q42998',
]);
/** musician, singer, composer, singer-songwriter, songwriter, DJ, record producer, rapper, guitarist, drummer, pianist, conductor. */
const MUSICAL_OCCUPATIONS: ReadonlySet<string> = new Set([
  'Q639669',
  'Q177220',
  'Q36834',
  'Q488205',
  'Q753110',
  'Q130857',
  'Q183945',
  'Q2252262',
  'Q855091',
  'Q386854',
  'Q486748',
  'Q158852',
]);
/** MusicBrainz, Discogs, Deezer, Spotify artist ids. */
const MUSIC_ARTIST_IDS: readonly string[] = ['P434', 'P1953', 'P2722', 'P1902'];

/** At most this many of each list: an answer stays small, and every label fits one lookup of 50. */
const MAX_LISTED = { countries: 5, places: 5, genres: 20, members: 20 } as const;

/** Live statements, preferred first. */
function statements(entity: Entity, property: string): Statement[] {
  const live = (entity.claims.get(property) ?? []).filter((s) => s.rank !== 'deprecated');
  return [...live.filter((s) => s.rank === 'preferred'), ...live.filter((s) => s.rank === 'normal')];
}

function itemIds(entity: Entity, property: string, max: number): string[] {
  const ids = statements(entity, property).flatMap((s) => (s.value?.type === 'item' ? [s.value.id] : []));
  return [...new Set(ids)].slice(0, max);
}

function firstString(entity: Entity, property: string): string | null {
  for (const s of statements(entity, property)) if (s.value?.type === 'string') return s.value.value;
  return null;
}

/** The year of the first dated statement (precision year or finer), as text: `1993`, `-500`. */
function firstYear(entity: Entity, property: string): string | null {
  for (const s of statements(entity, property)) {
    if (s.value?.type !== 'time' || s.value.precision < 9) continue;
    const match = /^([+-])0*(\d+)-/.exec(s.value.time);
    if (match) return `${match[1] === '-' ? '-' : ''}${match[2]}`;
  }
  return null;
}

function kindOf(entity: Entity): 'group' | 'person' | null {
  const classes = itemIds(entity, P.instanceOf, 50);
  if (classes.some((c) => GROUP_CLASSES.has(c))) return 'group';
  if (classes.includes(HUMAN)) return 'person';
  return null;
}

export function isMusicArtist(entity: Entity): boolean {
  const kind = kindOf(entity);
  if (kind === 'group') return true;
  if (kind === 'person' && itemIds(entity, P.occupation, 50).some((o) => MUSICAL_OCCUPATIONS.has(o))) return true;
  return MUSIC_ARTIST_IDS.some((property) => statements(entity, property).length > 0);
}

/** Whether the item carries this Deezer artist id (P2722, a string of digits). */
export function hasDeezerId(entity: Entity, id: number): boolean {
  return statements(entity, P.deezerArtist).some((s) => s.value?.type === 'string' && s.value.value === String(id));
}

/** The facts with item ids where labels go: the driver looks the labels up in one call. */
export interface RawFacts {
  kind: 'group' | 'person';
  countries: string[];
  places: string[];
  activeFrom: string | null;
  activeTo: string | null;
  genres: string[];
  members: string[];
  officialWebsite: string | null;
}

export function rawFacts(entity: Entity): RawFacts {
  // Known as an artist by a music database's id alone: a group when it lists members.
  const kind = kindOf(entity) ?? (statements(entity, P.hasPart).length > 0 ? 'group' : 'person');
  const person = kind === 'person';
  const countries = itemIds(entity, P.countryOfOrigin, MAX_LISTED.countries);
  const places = itemIds(entity, P.formedIn, MAX_LISTED.places);
  return {
    kind,
    countries: countries.length > 0 || !person ? countries : itemIds(entity, P.citizenship, MAX_LISTED.countries),
    places: places.length > 0 || !person ? places : itemIds(entity, P.birthPlace, MAX_LISTED.places),
    activeFrom: firstYear(entity, P.workStart) ?? (person ? null : firstYear(entity, P.inception)),
    activeTo: firstYear(entity, P.workEnd) ?? (person ? null : firstYear(entity, P.dissolved)),
    genres: itemIds(entity, P.genre, MAX_LISTED.genres),
    members: person ? [] : itemIds(entity, P.hasPart, MAX_LISTED.members),
    officialWebsite: firstString(entity, P.website),
  };
}
