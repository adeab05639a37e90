/**
 * @module
 * The endpoints whose data only live mode's upstreams hold (D24–D26: lyrics from LRCLIB,
 * biographies and facts from Wikipedia and Wikidata; D27: the station's stream, which the
 * simulated demo station does not broadcast). Demo mode answers them 503
 * `not_configured` rather than invent words; the tests that ask every declared example
 * (`test/integration/openapi/examples.test.ts`, `test/integration/client/endpoints.test.ts`) check that 503 and ask
 * these examples of a live Sleeve over the replay instead. One list, so both agree.
 */
export const LIVE_ONLY: readonly string[] = [
  '/lyrics',
  '/lyrics/search',
  '/artist/biography',
  '/artist/knowledgebase',
  '/listen.mp3',
];

/**
 * The station the examples name is the demo's (`sleeve`); the replay's stations are the
 * AzuraCast installs it recorded, so a live Sleeve over it is asked for its first (`1`).
 */
export const REPLAY_STATION = '1';

/** A declared example as a live Sleeve over the replay is asked it: the replay's station for the demo's. */
export function liveExample(example: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return { ...example, ...(example?.station !== undefined ? { station: REPLAY_STATION } : {}) };
}
