/**
 * @module
 * Invented names from syllables and word lists. Syllable-built surnames and band words keep
 * the demo from ever naming a real artist; a few accented syllables make accent folding matter.
 */
import type { Random } from './random.ts';
import { ADJECTIVES, FIRST_NAMES as FIRST, HANDLE_PARTS, NOUNS, PHRASES, PREPOSITIONS, VERBS } from './words.ts';

const ONSETS = ['b', 'br', 'c', 'd', 'dr', 'f', 'g', 'gr', 'h', 'j', 'k', 'kl', 'l', 'm', 'n', 'p', 'r', 's', 'st', 't', 'tr', 'v', 'z', 'sh', 'th', 'ch'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ei', 'ou', 'y', 'a', 'e', 'o'];
const ACCENTED = ['é', 'ö', 'ä', 'è', 'ü'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 'x', 'm', 'nd', 'rk', 'th', 'ñ'];
const SUFFIXES = [' (Remix)', ' (Live)', ' (Acoustic)', ' - Radio Edit', ' (Extended Mix)', ' (Demo)'];
const LABEL_KINDS = ['Records', 'Music', 'Recordings', 'Sound', 'Audio', 'Label Group'];
const PLAYLIST_MOODS = ['late night', 'sunday morning', 'road trip', 'workout', 'focus', 'rainy day', 'summer', 'party', 'chill', 'study', 'throwback', 'feel good'];

const cap = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** One invented word of two or three syllables: `Vandelok`, `Brisöm`. */
export function syllableWord(r: Random, syllables: number = r.int(2, 3)): string {
  let word = '';
  for (let i = 0; i < syllables; i++) word += r.pick(ONSETS) + (r.chance(0.06) ? r.pick(ACCENTED) : r.pick(VOWELS)) + (i === syllables - 1 ? r.pick(CODAS) : '');
  return cap(word);
}

export function artistName(r: Random): string {
  switch (r.weighted([5, 3, 2, 1, 1])) {
    case 0: return `${r.pick(FIRST)} ${syllableWord(r)}`;
    case 1: return `The ${r.pick(ADJECTIVES)} ${syllableWord(r, 2)}s`;
    case 2: return syllableWord(r, r.int(2, 4));
    case 3: return `${syllableWord(r, 2)} & the ${r.pick(NOUNS)}s`;
    default: return `DJ ${syllableWord(r, 2)}`;
  }
}

export function trackTitle(r: Random): string {
  let title: string;
  switch (r.weighted([3, 3, 2, 2, 1])) {
    case 0: title = `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`; break;
    case 1: title = `${r.pick(NOUNS)} of ${r.pick(NOUNS)}`; break;
    case 2: title = `${r.pick(VERBS)} ${r.pick(PREPOSITIONS)} the ${r.pick(NOUNS)}`; break;
    case 3: title = r.pick(PHRASES); break;
    default: title = syllableWord(r, 2);
  }
  return r.chance(0.06) ? title + r.pick(SUFFIXES) : title;
}

export function albumTitle(r: Random): string {
  switch (r.weighted([3, 2, 2, 1])) {
    case 0: return `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}s`;
    case 1: return `The ${r.pick(NOUNS)} ${r.pick(['Sessions', 'Tapes', 'Years', 'Diaries', 'Letters'])}`;
    case 2: return r.pick(NOUNS);
    default: return syllableWord(r, 3);
  }
}

export function labelName(r: Random): string {
  return `${r.chance(0.5) ? syllableWord(r, 2) : `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`} ${r.pick(LABEL_KINDS)}`;
}

export function userName(r: Random): string {
  return r.chance(0.5) ? `${r.pick(FIRST).toLowerCase()}_${r.pick(HANDLE_PARTS)}${r.int(1, 99)}` : `${r.pick(FIRST)} ${syllableWord(r, 2).charAt(0)}.`;
}

export function userPlaylistTitle(r: Random, genre: string): string {
  return r.chance(0.5) ? `${cap(r.pick(PLAYLIST_MOODS))} ${genre.toLowerCase()}` : `${cap(r.pick(PLAYLIST_MOODS))} mix`;
}

export function editorialPlaylistTitle(r: Random, genre: string): string {
  return r.pick([`${genre} Essentials`, `Fresh ${genre}`, `${genre} Hits`, `${genre} Deep Cuts`, `${genre} Classics`, `${genre} Rising`]);
}
