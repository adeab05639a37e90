/** The variables of lyrics and knowledge (D25, D26): upstream bases and the operator's contact. */
import { describe, expect, it } from 'vitest';
import { ConfigError, optionsFromEnv } from '../../../core/wiring/config.ts';
import { sleeveAgent } from '../../../core/drivers/shared/agent.ts';

describe('lyrics and knowledge configuration', () => {
  it('reads the LRCLIB, Wikipedia and Wikidata bases and the contact', () => {
    const { options } = optionsFromEnv({
      SLEEVE_LRCLIB_URL: 'https://lyrics.example.org',
      SLEEVE_WIKIPEDIA_URL: 'https://de.wikipedia.org',
      SLEEVE_WIKIDATA_URL: 'http://127.0.0.1:7010',
      SLEEVE_CONTACT: 'ops@example.org',
    });
    expect(options).toMatchObject({
      lrclib: { baseUrl: 'https://lyrics.example.org' },
      knowledge: { wikipediaUrl: 'https://de.wikipedia.org', wikidataUrl: 'http://127.0.0.1:7010' },
      contact: 'ops@example.org',
    });
    expect(optionsFromEnv({}).options).toMatchObject({ lrclib: undefined, knowledge: undefined, contact: undefined });
  });

  it.each([
    ['SLEEVE_LRCLIB_URL', 'lrclib.net'],
    ['SLEEVE_WIKIDATA_URL', 'ftp://wikidata.org'],
    ['SLEEVE_CONTACT', 'me (at) example.org'],
  ])('%s=%j is refused with one line naming it', (variable, value) => {
    expect(() => optionsFromEnv({ [variable]: value })).toThrow(ConfigError);
    expect(() => optionsFromEnv({ [variable]: value })).toThrow(new RegExp(`^${variable} must be`));
  });

  it('the User-Agent names Sleeve, its version and the contact, or says how to set one', () => {
    expect(sleeveAgent('ops@example.org')).toMatch(/^Sleeve\/\d+\.\d+\.\d+ \(ops@example\.org\)$/);
    expect(sleeveAgent(undefined)).toMatch(/^Sleeve\/\S+ \(contact unset: SLEEVE_CONTACT\)$/);
  });
});
