/**
 * Demo names read like a real catalogue's (#14): made of real words and real given names and
 * surnames (Faker's locale lists), in several languages, the same for the same seed, and
 * findable by search however they are written.
 */
import { describe, expect, it } from 'vitest';
import { foldJoined as fold } from '../../../../core/text/fold.ts';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { createCatalogDrivers } from '../../../../core/drivers/catalog/index.ts';
import { plural } from '../../../../core/drivers/catalog/generate/names.ts';
import { PEOPLE_BY_COUNTRY } from '../../../../core/drivers/catalog/generate/people.ts';
import { PEOPLE_DATA } from '../../../../core/drivers/catalog/generate/people-data.ts';
import { bare, TITLE_WORDS } from '../../../../core/drivers/catalog/generate/title-words.ts';
import * as english from '../../../../core/drivers/catalog/generate/words.ts';
import { catalogText } from '../../../../core/drivers/catalog/generate/write.ts';

const data = generateCatalog({ tracks: 6000, seed: 'names-test' });

/** Every name and title the generator writes, by kind. */
const namesOf = (d: typeof data) => ({
  artists: d.artists.map((a) => a.name),
  albums: d.albums.map((a) => a.title),
  tracks: d.tracks.map((t) => t.title),
  labels: [...new Set(d.albums.flatMap((a) => (a.label ? [a.label] : [])))],
  playlists: d.playlists.map((p) => `${p.title} ${p.creator.name}`),
});

const words = (text: string): string[] =>
  fold(text)
    .split(' ')
    .filter((w) => w !== '');

/** The words names may be made of: Faker's names, cities and words, the title vocabularies, and the fixed words of the templates. */
const KNOWN = new Set<string>();
const know = (text: string) => {
  for (const w of words(text)) KNOWN.add(w);
};
for (const p of Object.values(PEOPLE_DATA)) for (const name of [...p.first, ...p.last, ...p.cities]) know(name);
for (const list of [
  english.ADJECTIVES,
  english.NOUNS,
  english.VERBS,
  english.PREPOSITIONS,
  english.PHRASES,
  english.EXTRA_ADJECTIVES,
  english.EXTRA_NOUNS,
]) {
  for (const w of list) know(w);
}
for (const w of [...english.NOUNS, ...english.EXTRA_NOUNS]) know(plural(w));
for (const v of Object.values(TITLE_WORDS))
  for (const w of [...v.nouns, ...v.nouns.map(bare), ...v.phrases, ...v.prepositions, v.and]) know(w);
know(`The the DJ Lil Young MC Big Trio Quartet Quintet Ensemble Philharmonic Chamber Symphony Orchestra Sinfonietta Collective
  Social Club Sound System Brass Band Connection Express Records Music Recordings Audio Label Group Sessions Tapes Years Diaries
  Letters Stories Remix Live Acoustic Radio Edit Extended Mix Demo Essentials Fresh Hits Deep Cuts Classics Rising Sleeve Editors
  late night sunday morning road trip workout focus rainy day summer party chill study throwback feel good
  soirée dimanche matin en voiture sport concentration jour de pluie été fête détente nostalgie
  Sonntagmorgen Autofahrt Training Regentag Sommer Party Entspannung Konzentration
  fiesta domingo viaje entrenamiento verano relax noche lluvia festa viagem treino verão noite chuva
  Pop Rap Hip Hop Rock Dance R&B Alternative Electro Folk Reggae Jazz Classical Films Games Metal Soul Funk Blues Latin Country African`);
for (const w of english.HANDLE_PARTS) know(w);
// Korean names are written family name + given name without a space (`김민준`).
const KOREAN = { last: PEOPLE_DATA['ko']!.last.map(fold), first: new Set(PEOPLE_DATA['ko']!.first.map(fold)) };
const isKoreanName = (w: string) => KOREAN.last.some((l) => w.startsWith(l) && KOREAN.first.has(w.slice(l.length)));
/** Listeners are `Lena M.` or `lena_vinyl12`, folded to `lena m` and `lena vinyl12`: an initial, or a known word and a number. */
const isKnown = (w: string) =>
  KNOWN.has(w) || isKoreanName(w) || /^\p{L}$/u.test(w) || (/^[a-z]+\d+$/.test(w) && KNOWN.has(w.replace(/\d+$/, '')));
/** Given names lose their accents in handles (`janaína` → `janaina`). */
for (const w of [...KNOWN]) KNOWN.add(w.normalize('NFKD').replace(/\p{M}/gu, ''));

describe('demo names', () => {
  it('are the same for the same seed, and others for another seed', () => {
    expect(namesOf(generateCatalog({ tracks: 6000, seed: 'names-test' }))).toEqual(namesOf(data));
    const other = namesOf(generateCatalog({ tracks: 6000, seed: 'names-other' }));
    expect(other.artists.slice(0, 50)).not.toEqual(namesOf(data).artists.slice(0, 50));
  });

  it('are made only of real words and names: no invented syllables', () => {
    for (const [kind, names] of Object.entries(namesOf(data))) {
      const unknown = names.flatMap(words).filter((w) => !isKnown(w));
      expect(unknown.slice(0, 10), kind).toEqual([]);
    }
    // The old generator's words are not words: this test would have refused them.
    expect(words('Nyklochudryrk The Lazy Thäsounds').filter((w) => !isKnown(w))).toEqual([
      'nyklochudryrk',
      'thasounds',
    ]);
  });

  it("names many artists after people from their home country's Faker locale", () => {
    const byCountry = new Map<string, { total: number; local: number }>();
    for (const a of data.artists) {
      const p = PEOPLE_BY_COUNTRY[a.country]!;
      const given = new Set(p.first.map(fold)),
        family = new Set(p.last.map(fold));
      const local = words(a.name).some((w) => given.has(w) || family.has(w)) || isKoreanName(fold(a.name));
      const entry = byCountry.get(a.country) ?? { total: 0, local: 0 };
      byCountry.set(a.country, { total: entry.total + 1, local: entry.local + (local ? 1 : 0) });
    }
    for (const [country, { total, local }] of byCountry)
      if (total >= 20) expect(local / total, country).toBeGreaterThan(0.3);
  });

  it('come in several languages and scripts', () => {
    const titles = new Set(data.tracks.map((t) => t.title.replace(/ \(.*\)$| - Radio Edit$/, '')));
    const languages = Object.entries(TITLE_WORDS).filter(
      ([, v]) =>
        v.phrases.some((p) => titles.has(p)) || v.nouns.some((n) => titles.has(n.charAt(0).toUpperCase() + n.slice(1))),
    );
    expect(languages.map(([l]) => l)).toEqual(expect.arrayContaining(['fr', 'de', 'es', 'pt', 'it', 'ja', 'ko']));
    const all = [...namesOf(data).artists, ...titles].join(' ');
    expect(all).toMatch(/\p{Script=Han}/u);
    expect(all).toMatch(/\p{Script=Hangul}/u);
    expect(all).toMatch(/[éèêàçöüäåñãõ]/);
  });

  it('are found by search as they are written, accents, kana and hangul included', async () => {
    const { music } = createCatalogDrivers({ catalog: catalogText(data) });
    const sample = data.artists.filter((a, i) => i % 25 === 0 || /[^\p{Script=Latin}\s&'-]/u.test(a.name));
    const missed: string[] = [];
    for (const a of sample) {
      const found = await music.searchArtists(a.name, { limit: 10 });
      if (!found.some((x) => x.id === a.id)) missed.push(a.name);
    }
    expect(missed).toEqual([]);
  });
});
