/**
 * @module
 * `npm run catalog:people`: writes `core/drivers/catalog/generate/people-data.ts`, the names the demo
 * catalogue draws from, taken from Faker's locale data (@faker-js/faker, MIT): given names,
 * surnames and real city names of the locales the generator's artist countries speak, and
 * Faker's English nouns and adjectives. Taken once, not imported at run time: importing these
 * fourteen locales costs about 120 ms of start-up (D18 measures it), the lists alone a few,
 * and the demo's names then change only when this is run again, not with every Faker release.
 * `test/unit/drivers/catalog/people-data.test.ts` checks the file still matches the installed Faker.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { faker as en_AU } from '@faker-js/faker/locale/en_AU';
import { faker as en_NG } from '@faker-js/faker/locale/en_NG';
import { faker as en_US } from '@faker-js/faker/locale/en_US';
import { faker as de } from '@faker-js/faker/locale/de';
import { faker as es } from '@faker-js/faker/locale/es';
import { faker as es_MX } from '@faker-js/faker/locale/es_MX';
import { faker as fr } from '@faker-js/faker/locale/fr';
import { faker as fr_BE } from '@faker-js/faker/locale/fr_BE';
import { faker as it } from '@faker-js/faker/locale/it';
import { faker as ja } from '@faker-js/faker/locale/ja';
import { faker as ko } from '@faker-js/faker/locale/ko';
import { faker as nl } from '@faker-js/faker/locale/nl';
import { faker as pt_BR } from '@faker-js/faker/locale/pt_BR';
import { faker as sv } from '@faker-js/faker/locale/sv';
import fakerPackage from '@faker-js/faker/package.json' with { type: 'json' };

type Faker = typeof en_US;

export const LOCALES: Readonly<Record<string, Faker>> = {
  en_US,
  en_AU,
  en_NG,
  fr,
  fr_BE,
  de,
  nl,
  sv,
  es,
  es_MX,
  pt_BR,
  it,
  ja,
  ko,
};

/** Words no one names a song or a band after in a demo (illness, crime, bureaucracy, food brands). */
const UNFIT = new Set(
  `
  abortion accountability allegation amendment anticodon bidet carboxyl colonialism colon cop-out cruelty custody decongestant
  deduction defendant dependency devastation drug ectoderm ethyl formamide fraudster hepatitis hospitalization hydrocarbon
  hydrolyse hydrolyze hygienic injunction kinase knickers legislature louse metabolite monasticism morbidity mortise
  nucleotidase toilet taxpayer obesity pacemaker patroller kielbasa hamburger lox diagnosis
  criminal evil deadly fatal dead guilty hateful filthy gruesome
`
    .trim()
    .split(/\s+/),
);

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];

export interface PeopleData {
  first: string[];
  last: string[];
  cities: string[];
}

/** At most `n` of a list, spread evenly over it (A to Z): variety enough, and the package stays small. */
const spread = (items: string[], n: number): string[] =>
  items.length <= n ? items : Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
const LIMITS = { first: 400, last: 400, cities: 200 };

/** Given names (any sex), surnames, and the locale's own city names (Faker falls back to US towns where a locale has none). */
function peopleData(faker: Faker, locale: string): PeopleData {
  const person = faker.rawDefinitions.person ?? {};
  const first: Record<string, unknown> = person.first_name ?? {};
  const cities = faker.rawDefinitions.location?.city_name;
  return {
    first: spread(
      [...new Set([...list(first['generic']), ...list(first['female']), ...list(first['male'])])].sort(),
      LIMITS.first,
    ),
    // Faker's English surnames include a few made-up ones (`Hilll`): a tripled letter is never a real name.
    last: spread(
      [...new Set(list(person.last_name?.generic).filter((name) => !/(.)\1\1/.test(name)))].sort(),
      LIMITS.last,
    ),
    cities: spread(
      locale === 'en_US' || cities !== en_US.rawDefinitions.location?.city_name
        ? [...new Set(list(cities))].sort()
        : [],
      LIMITS.cities,
    ),
  };
}

/** Plain lower-case words (no `CD`, `ice-cream`), unfit ones left out. */
const words = (value: unknown): string[] => list(value).filter((w) => /^[a-z]{3,12}$/.test(w) && !UNFIT.has(w));

export function extract(): {
  version: string;
  people: Record<string, PeopleData>;
  nouns: string[];
  adjectives: string[];
} {
  return {
    version: fakerPackage.version,
    people: Object.fromEntries(Object.entries(LOCALES).map(([locale, faker]) => [locale, peopleData(faker, locale)])),
    nouns: words(en_US.rawDefinitions.word?.noun),
    adjectives: words(en_US.rawDefinitions.word?.adjective),
  };
}

/** A list as one string literal split at load: a module of a few long strings parses several times faster than one of ten thousand. */
const joined = (items: readonly string[]): string => {
  if (items.some((x) => x.includes('|')))
    throw new Error(`a name contains the separator: ${items.find((x) => x.includes('|'))}`);
  return `${JSON.stringify(items.join('|'))}.split('|')`;
};

export function render(data: ReturnType<typeof extract>): string {
  const list = (items: readonly string[]): string => (items.length === 0 ? '[]' : joined(items));
  const people = Object.entries(data.people)
    .map(
      ([locale, p]) =>
        `  ${locale}: {\n    first: ${list(p.first)},\n    last: ${list(p.last)},\n    cities: ${list(p.cities)},\n  },\n`,
    )
    .join('');
  return `/**
 * @module
 * Generated by \`npm run catalog:people\` (scripts/people-data.ts) from @faker-js/faker ${data.version}
 * (MIT, https://github.com/faker-js/faker): do not edit. Names and words by Faker locale.
 */
/* eslint-disable */

export const FAKER_VERSION = '${data.version}';

export const PEOPLE_DATA: Readonly<Record<string, { readonly first: readonly string[]; readonly last: readonly string[]; readonly cities: readonly string[] }>> = {
${people}};

export const FAKER_NOUNS: readonly string[] = ${list(data.nouns)};

export const FAKER_ADJECTIVES: readonly string[] = ${list(data.adjectives)};
`;
}

export const OUT = fileURLToPath(new URL('../core/drivers/catalog/generate/people-data.ts', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUT, render(extract()));
  console.log(`catalog:people: wrote ${OUT}`);
}
