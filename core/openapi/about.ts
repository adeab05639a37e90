/**
 * @module
 * What the service is, in the words every self-description shares (`/openapi.json`'s info,
 * `/llms.txt`, the landing page), so they never tell it differently.
 */
import type { Mode } from '../options.ts';

export const SERVICE_NAME = 'Sleeve';

export const SERVICE_SUMMARY =
  'A music metadata and radio API: search, track, album and artist metadata with audio features by ISRC, charts, playlist generation, links from five platforms resolved, batching and now-playing.';

/** What this deployment serves, by its mode (D1). */
export function modeSentence(mode: Mode): string {
  return mode === 'demo'
    ? 'This deployment runs in demo mode: a generated catalogue and a simulated radio station, marked as generated in the data itself.'
    : 'This deployment runs in live mode: music metadata from Deezer, audio features from ReccoBeats, radio from an AzuraCast station.';
}
