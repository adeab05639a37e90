/**
 * @module
 * Person names and city names by country, from Faker's locale data (`people-data.ts`, taken
 * from @faker-js/faker by `npm run catalog:people`): real given names and surnames of many
 * languages, so demo artists read like people from their home country. Drawn with the
 * catalogue's own seeded generator, so names are a pure function of the seed (the station
 * draws a DJ per hour with a fresh generator) and no shared Faker instance is reseeded.
 */
import { PEOPLE_DATA } from './people-data.ts';
import type { Random } from '../../../utils/random.ts';

export interface People {
  /** Faker's locale code, for tests and for the record. */
  locale: string;
  first: readonly string[];
  last: readonly string[];
  /** Real city names where the locale has them: may be empty. */
  cities: readonly string[];
  /** Family name first, written as the locale writes it (`吉岡 結衣`). */
  familyFirst: boolean;
  /** Share of people with two surnames (Spanish-speaking countries). */
  twoSurnames: number;
}

function people(
  locale: string,
  options: { familyFirst?: boolean; twoSurnames?: number; cities?: boolean } = {},
): People {
  const data = PEOPLE_DATA[locale]!;
  return {
    locale,
    first: data.first,
    last: data.last,
    cities: options.cities === false ? [] : data.cities,
    familyFirst: options.familyFirst ?? false,
    twoSurnames: options.twoSurnames ?? 0,
  };
}

const EN_US = people('en_US');
/** English speakers outside the US: the same names, but no US towns for their bands and labels. */
const EN = people('en_US', { cities: false });
const ES_MX = people('es_MX', { twoSurnames: 0.4 });

/** Every artist country of the generator (`generate.ts`); others fall back to US English. */
export const PEOPLE_BY_COUNTRY: Readonly<Record<string, People>> = {
  US: EN_US,
  GB: EN,
  CA: EN,
  IE: EN,
  AU: people('en_AU'),
  NG: people('en_NG'),
  // Belgium gets French given names and surnames from fr_BE; its towns would be France's.
  FR: people('fr'),
  BE: people('fr_BE', { cities: false }),
  DE: people('de'),
  NL: people('nl'),
  SE: people('sv'),
  ES: people('es', { twoSurnames: 0.4 }),
  MX: ES_MX,
  CO: ES_MX,
  BR: people('pt_BR'),
  IT: people('it'),
  JP: people('ja', { familyFirst: true }),
  KR: people('ko', { familyFirst: true }),
};

export const peopleOf = (country: string): People => PEOPLE_BY_COUNTRY[country] ?? EN_US;

export function surname(r: Random, p: People): string {
  return p.twoSurnames > 0 && r.chance(p.twoSurnames) ? `${r.pick(p.last)} ${r.pick(p.last)}` : r.pick(p.last);
}

/** A full name as the country writes it. Korean names are written without a space (`김민준`). */
export function personName(r: Random, p: People): string {
  const given = r.pick(p.first),
    family = surname(r, p);
  if (p.locale === 'ko') return `${family}${given}`;
  return p.familyFirst ? `${family} ${given}` : `${given} ${family}`;
}
