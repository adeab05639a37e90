/**
 * @module
 * The endpoints whose data only live mode's upstreams hold (D24–D26: lyrics from LRCLIB,
 * biographies and facts from Wikipedia and Wikidata; D27: the station's stream, which the
 * simulated demo station does not broadcast). Demo mode answers them 503
 * `not_configured` rather than invent words; the tests that ask every declared example
 * (`test/openapi/examples.test.ts`, `test/client/endpoints.test.ts`) check that 503 and ask
 * these examples of a live Sleeve over the replay instead. One list, so both agree.
 */
export const LIVE_ONLY: readonly string[] = ['/lyrics', '/lyrics/search', '/artist/biography', '/artist/knowledgebase', '/listen.mp3'];
