/**
 * The start-up line's account of live mode (`deps.summary`, what `npm start` prints): each
 * upstream's host named once, whether the upstreams are at their defaults, all at one replay
 * (`SLEEVE_UPSTREAMS`) or set one by one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../../core/wiring/config.ts';
import { createSleeve, type Sleeve } from '../../../core/index.ts';

const quiet = { info: (): void => {}, error: (): void => {} };
const made: Sleeve[] = [];
afterAll(async () => {
  await Promise.all(made.map((sleeve) => sleeve.deps.storage.dispose()));
});

/** The summary of a live Sleeve made from these variables, as the servers make it. */
function summaryOf(env: Record<string, string>): string {
  const sleeve = createSleeve({ ...optionsFromEnv({ SLEEVE_MODE: 'live', ...env }).options, log: quiet });
  made.push(sleeve);
  return sleeve.deps.summary;
}

/** `X and X`: one host said twice over. */
const SAID_TWICE = /\b(\S+) and \1\b/;

describe('the live start-up line', () => {
  it('at the defaults, names Wikidata and Wikipedia, each its own host', () => {
    const summary = summaryOf({});
    expect(summary).toContain('lyrics from lrclib.net, artist knowledge from www.wikidata.org and en.wikipedia.org');
    expect(summary).not.toMatch(SAID_TWICE);
  });

  it('over one replay, names its host once for the artist knowledge', () => {
    const summary = summaryOf({ SLEEVE_UPSTREAMS: 'http://127.0.0.1:8788', SLEEVE_CONTACT: 'ops@example.org' });
    expect(summary).toBe(
      'live mode: music from 127.0.0.1:8788, audio features from 127.0.0.1:8788, radio from 127.0.0.1:8788, lyrics from 127.0.0.1:8788, artist knowledge from 127.0.0.1:8788',
    );
    expect(summary).not.toMatch(SAID_TWICE);
  });

  it('with the two set apart, names both, Wikidata first', () => {
    const summary = summaryOf({
      SLEEVE_WIKIDATA_URL: 'http://127.0.0.1:7010',
      SLEEVE_WIKIPEDIA_URL: 'https://de.wikipedia.org',
    });
    expect(summary).toContain('artist knowledge from 127.0.0.1:7010 and de.wikipedia.org');
  });
});
