/**
 * `people-data.ts` is Faker's data, taken by `npm run catalog:people`: it must match what the
 * installed @faker-js/faker gives, so the demo's names have a source anyone can check, and a
 * Faker upgrade that changes them is noticed here (run the script, then update the examples
 * that name demo artists) rather than in the examples' tests.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extract, OUT, render } from '../../../../scripts/people-data.ts';
import { FAKER_VERSION, PEOPLE_DATA } from '../../../../core/drivers/catalog/generate/people-data.ts';
import { PEOPLE_BY_COUNTRY } from '../../../../core/drivers/catalog/generate/people.ts';

describe('people-data.ts', () => {
  it('is what scripts/people-data.ts makes from the installed Faker', () => {
    const fresh = extract();
    expect(FAKER_VERSION).toBe(fresh.version);
    expect(readFileSync(OUT, 'utf8')).toBe(render(fresh));
  });

  it('holds names for every artist country, and real cities only where the locale has its own', () => {
    for (const [country, p] of Object.entries(PEOPLE_BY_COUNTRY)) {
      expect(p.first.length, country).toBeGreaterThan(50);
      expect(p.last.length, country).toBeGreaterThan(20);
    }
    expect(PEOPLE_DATA['fr']!.cities).toContain('Marseille');
    expect(PEOPLE_DATA['nl']!.cities).toEqual([]); // Faker's nl has no city list: US towns would stand in
    expect(PEOPLE_BY_COUNTRY['GB']!.cities).toEqual([]);
  });
});
