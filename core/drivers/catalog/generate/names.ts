/**
 * @module
 * Names for the demo catalogue, built only from real words and names: people from their home
 * country's Faker locale (`people.ts`), band, DJ and ensemble names from English words, titles
 * in the artist's language (`title-words.ts`, `words.ts`). Every draw comes from the caller's
 * seeded generator, so the same seed gives the same names. Nothing here is a real artist's
 * name on purpose; the data says it is generated.
 */
import { peopleOf, personName, PEOPLE_BY_COUNTRY, surname, type People } from './people.ts';
import type { Random } from '../../../utils/random.ts';
import { bare, LANGUAGE_OF_COUNTRY, TITLE_WORDS, type Language } from './title-words.ts';
import {
  ADJECTIVES,
  EXTRA_ADJECTIVES,
  EXTRA_NOUNS,
  HANDLE_PARTS,
  NOUNS,
  PHRASES,
  PREPOSITIONS,
  VERBS,
} from './words.ts';

const SUFFIXES = [' (Remix)', ' (Live)', ' (Acoustic)', ' - Radio Edit', ' (Extended Mix)', ' (Demo)'];
const LABEL_KINDS = ['Records', 'Music', 'Recordings', 'Sound', 'Audio', 'Label Group'];
const ENSEMBLES = ['Trio', 'Quartet', 'Quintet', 'Ensemble'];
const ORCHESTRAS = ['Philharmonic', 'Chamber Orchestra', 'Symphony Orchestra', 'Sinfonietta'];
const CREWS = ['Collective', 'Social Club', 'Sound System', 'Brass Band', 'Connection', 'Express'];
const ALBUM_KINDS = ['Sessions', 'Tapes', 'Years', 'Diaries', 'Letters', 'Stories'];
const PLAYLIST_MOODS: Readonly<Record<'en' | 'fr' | 'de' | 'es' | 'pt', readonly string[]>> = {
  en: [
    'late night',
    'sunday morning',
    'road trip',
    'workout',
    'focus',
    'rainy day',
    'summer',
    'party',
    'chill',
    'study',
    'throwback',
    'feel good',
  ],
  fr: [
    'soirée',
    'dimanche matin',
    'en voiture',
    'sport',
    'concentration',
    'jour de pluie',
    'été',
    'fête',
    'détente',
    'nostalgie',
  ],
  de: ['Sonntagmorgen', 'Autofahrt', 'Training', 'Regentag', 'Sommer', 'Party', 'Entspannung', 'Konzentration'],
  es: ['fiesta', 'domingo', 'viaje', 'entrenamiento', 'verano', 'relax', 'noche', 'lluvia'],
  pt: ['festa', 'domingo', 'viagem', 'treino', 'verão', 'relax', 'noite', 'chuva'],
};
/** People whose names are in Latin script, for handles such as `lena_vinyl12`. */
const LATIN_COUNTRIES = Object.keys(PEOPLE_BY_COUNTRY).filter((c) => c !== 'JP' && c !== 'KR');

const cap = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** English plural of a band word: `Wolf` → `Wolves`, `Cherry` → `Cherries`, `Echo` → `Echoes`. */
export function plural(noun: string): string {
  if (noun.endsWith('f') && !noun.endsWith('ff')) return `${noun.slice(0, -1)}ves`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh|[^aeiou]o)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** Mostly the curated music words; now and then Faker's English lists, so a million titles do not all share two hundred words. */
const adjective = (r: Random): string => (r.chance(0.08) ? cap(r.pick(EXTRA_ADJECTIVES)) : r.pick(ADJECTIVES));
const noun = (r: Random): string => (r.chance(0.08) ? cap(r.pick(EXTRA_NOUNS)) : r.pick(NOUNS));

/** Band names in the local language, where the country has one: `La Tempête`, `Die Wolken`, `Orage`. */
function localBandName(r: Random, language: Exclude<Language, 'en'>): string {
  const n = r.pick(TITLE_WORDS[language].nouns);
  return r.chance(0.5) ? n.split(' ').map(cap).join(' ') : cap(bare(n));
}

function bandName(r: Random, p: People, country: string): string {
  const local = LANGUAGE_OF_COUNTRY[country];
  if (local && r.chance(local.share * 0.5)) return localBandName(r, local.language);
  switch (r.weighted([4, 2, 2, 1, p.cities.length > 0 ? 1 : 0])) {
    case 0:
      return `The ${adjective(r)} ${plural(noun(r))}`;
    case 1:
      return `${adjective(r)} ${plural(noun(r))}`;
    case 2:
      return `The ${plural(noun(r))}`;
    case 3:
      return `${r.pick(p.first)} & the ${plural(noun(r))}`;
    default:
      return `${r.pick(p.cities)} ${r.pick(CREWS)}`;
  }
}

/** An artist from `country` playing `genre`: a person, a band, a DJ, an ensemble, as the genre has them. */
export function artistName(r: Random, country: string, genre: string): string {
  const p = peopleOf(country);
  const given = (): string => r.pick(p.first);
  // `DJ`, `Lil` and the like go with a name in Latin letters; Japanese and Korean acts take an English word.
  const stage = (): string => (LATIN_COUNTRIES.includes(country) ? given() : noun(r).toUpperCase());
  switch (genre) {
    case 'Classical':
      if (r.chance(0.25) && p.cities.length > 0) return `${r.pick(p.cities)} ${r.pick(ORCHESTRAS)}`;
      if (r.chance(0.2)) return `${surname(r, p)} ${r.pick(ENSEMBLES)}`;
      return personName(r, p);
    case 'Jazz':
      return r.chance(0.3) ? `${personName(r, p)} ${r.pick(ENSEMBLES)}` : personName(r, p);
    case 'Rap/Hip Hop':
      switch (r.weighted([4, 2, 1, 1, 2])) {
        case 0:
          return personName(r, p);
        case 1:
          return `${r.pick(['Lil', 'Young', 'MC', 'Big'])} ${stage()}`;
        case 2:
          return given();
        case 3:
          return `${given()} ${noun(r)}`;
        default:
          return bandName(r, p, country);
      }
    case 'Dance':
    case 'Electro':
      switch (r.weighted([3, 3, 2, 2])) {
        case 0:
          return `DJ ${stage()}`;
        case 1:
          return `${adjective(r)} ${plural(noun(r))}`;
        case 2:
          return personName(r, p);
        default:
          return given();
      }
    case 'Rock':
    case 'Alternative':
    case 'Metal':
      return r.chance(0.7) ? bandName(r, p, country) : personName(r, p);
    default:
      switch (r.weighted([6, 2, 3])) {
        case 0:
          return personName(r, p);
        case 1:
          return given();
        default:
          return bandName(r, p, country);
      }
  }
}

/** The language an artist from `country` mostly sings in. */
export function voiceOf(r: Random, country: string): Language {
  const local = LANGUAGE_OF_COUNTRY[country];
  return local && r.chance(local.share) ? local.language : 'en';
}

function englishTitle(r: Random): string {
  switch (r.weighted([3, 2, 2, 2, 1])) {
    case 0:
      return `${adjective(r)} ${noun(r)}`;
    case 1:
      return noun(r);
    case 2:
      return `${r.pick(VERBS)} ${r.pick(PREPOSITIONS)} the ${noun(r)}`;
    case 3:
      return r.pick(PHRASES);
    default:
      return `The ${noun(r)}`;
  }
}

function localTitle(r: Random, language: Exclude<Language, 'en'>): string {
  const w = TITLE_WORDS[language];
  switch (r.weighted([3, 3, 2, w.prepositions.length > 0 ? 2 : 0, w.and !== '' ? 1 : 0])) {
    case 0:
      return cap(r.pick(w.nouns));
    case 1:
      return r.pick(w.phrases);
    case 2:
      return cap(bare(r.pick(w.nouns)));
    case 3:
      return `${r.pick(w.prepositions)} ${r.pick(w.nouns)}`;
    default:
      return `${cap(r.pick(w.nouns))} ${w.and} ${r.pick(w.nouns)}`;
  }
}

/** A track title in the artist's language; one in six in English anyway, as singers mix. */
export function trackTitle(r: Random, language: Language): string {
  const title = language === 'en' || r.chance(0.15) ? englishTitle(r) : localTitle(r, language);
  return r.chance(0.06) ? title + r.pick(SUFFIXES) : title;
}

export function albumTitle(r: Random, language: Language, artist: string): string {
  if (r.chance(0.05)) return artist; // self-titled
  if (language !== 'en' && r.chance(0.8)) return localTitle(r, language);
  switch (r.weighted([3, 2, 2, 1])) {
    case 0:
      return `${adjective(r)} ${plural(noun(r))}`;
    case 1:
      return `The ${noun(r)} ${r.pick(ALBUM_KINDS)}`;
    case 2:
      return noun(r);
    default:
      return r.pick(PHRASES);
  }
}

/** A label based in `country`: a founder's surname, a city, or words. */
export function labelName(r: Random, country: string): string {
  const p = peopleOf(country);
  switch (r.weighted([LATIN_COUNTRIES.includes(country) ? 3 : 0, p.cities.length > 0 ? 2 : 0, 3])) {
    case 0:
      return `${surname(r, p)} ${r.pick(LABEL_KINDS)}`;
    case 1:
      return `${r.pick(p.cities)} ${r.pick(LABEL_KINDS)}`;
    default:
      return `${adjective(r)} ${noun(r)} ${r.pick(LABEL_KINDS)}`;
  }
}

/** A listener: `Lena M.` or a handle such as `lena_vinyl12`. */
export function userName(r: Random): string {
  const p = peopleOf(r.pick(LATIN_COUNTRIES));
  const given = r.pick(p.first).split(' ')[0]!;
  const handle = given.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return r.chance(0.5) ? `${handle}_${r.pick(HANDLE_PARTS)}${r.int(1, 99)}` : `${given} ${r.pick(p.last).charAt(0)}.`;
}

/** A live DJ of the simulated station. */
export function djName(r: Random): string {
  return `DJ ${r.pick(peopleOf(r.pick(LATIN_COUNTRIES)).first)}`;
}

export function userPlaylistTitle(r: Random, genre: string): string {
  const language = (['en', 'en', 'en', 'fr', 'de', 'es', 'pt'] as const)[r.int(0, 6)]!;
  const mood = cap(r.pick(PLAYLIST_MOODS[language]));
  return r.chance(0.5) ? `${mood} ${genre.toLowerCase()}` : `${mood} mix`;
}

/** `count` distinct editorial titles for a genre: `Pop Essentials`, `Fresh Pop`, ... */
export function editorialPlaylistTitles(r: Random, genre: string, count: number): string[] {
  const all = [
    `${genre} Essentials`,
    `Fresh ${genre}`,
    `${genre} Hits`,
    `${genre} Deep Cuts`,
    `${genre} Classics`,
    `${genre} Rising`,
  ];
  return Array.from({ length: Math.min(count, all.length) }, () => all.splice(r.int(0, all.length - 1), 1)[0]!);
}
