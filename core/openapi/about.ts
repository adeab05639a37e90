/**
 * @module
 * What the service is, in the words every self-description shares (`/openapi.json`'s info,
 * `/llms.txt`, the landing page), so they never tell it differently.
 */
import type { Mode } from '../wiring/options.ts';

export const SERVICE_NAME = 'Sleeve';

export const SERVICE_SUMMARY =
  'A music metadata and radio API: search, track, album and artist metadata with audio features by ISRC, charts, playlist generation, links from five platforms resolved, batching and now-playing.';

/** What this deployment serves, by its mode. */
export function modeSentence(mode: Mode): string {
  return mode === 'demo'
    ? 'This deployment runs in demo mode: a generated catalogue and a simulated radio station, marked as generated in the data itself.'
    : 'This deployment runs in live mode: music metadata from Deezer, audio features from ReccoBeats, radio from an AzuraCast station.';
}

/** The software's licence, as package.json and LICENSE have it (an SPDX identifier). */
export const LICENSE = { name: 'MIT License', identifier: 'MIT' } as const;

export interface Contact {
  name: string;
  email?: string;
  url?: string;
}

/**
 * Who answers for this deployment: its operator, at the address they gave as `SLEEVE_CONTACT`
 * (an e-mail or a URL). Unset, the contact says so rather than naming someone who does not
 * run this server.
 */
export function contactOf(contact: string | undefined): Contact {
  const name = 'The operator of this deployment';
  if (contact === undefined) return { name: `${name} (no address published: SLEEVE_CONTACT is not set)` };
  if (URL.canParse(contact)) return { name, url: contact };
  return contact.includes('@') ? { name, email: contact } : { name: `${name}: ${contact}` };
}
