/**
 * @module
 * Picks the drivers for a mode (D1): demo mode serves the catalogue and its simulated
 * station; live mode serves music from Deezer, audio features from ReccoBeats, the radio
 * from an AzuraCast station, link metadata (`/resolve`) from the platforms' public endpoints,
 * lyrics from LRCLIB and artist knowledge from Wikipedia and Wikidata. A chat model
 * serves the AI routes in either mode when one is configured. Services never know which
 * driver answers.
 *
 * It reads the resolved options, so it sits beside them, above the drivers: a driver is
 * given its own options and the kit's context, never `ResolvedOptions`.
 */
import type { ResolvedOptions } from './options.ts';
import openAiChat from '../drivers/ai/index.ts';
import azuracast from '../drivers/azuracast/index.ts';
import catalogDrivers from '../drivers/catalog/index.ts';
import deezer from '../drivers/deezer/index.ts';
import type { DriverContext } from '../drivers/kit/index.ts';
import links from '../drivers/links/index.ts';
import lrclib, { DEFAULT_BASE_URL as LRCLIB_URL } from '../drivers/lrclib/index.ts';
import wikimedia, { DEFAULT_WIKIDATA_URL, DEFAULT_WIKIPEDIA_URL } from '../drivers/wikimedia/index.ts';
import reccobeats from '../drivers/reccobeats/index.ts';
import type { Drivers } from '../drivers/contracts/drivers.ts';

export interface Registered {
  drivers: Drivers;
  /** What the start-up line says of the mode and its upstreams. */
  summary: string;
}

export function registerDrivers(options: ResolvedOptions, ctx: DriverContext): Registered {
  const registered = byMode(options, ctx);
  // The chat model serves both modes; it is the one keyed upstream a demo may call.
  if (!options.ai) return registered;
  return {
    drivers: { ...registered.drivers, ai: openAiChat(options.ai, ctx) },
    summary: `${registered.summary}, chat model ${options.ai.model} at ${new URL(options.ai.url).host}`,
  };
}

function byMode(options: ResolvedOptions, ctx: DriverContext): Registered {
  if (options.mode === 'demo')
    return {
      drivers: catalogDrivers({ station: options.station, catalog: options.catalog }, ctx),
      summary: 'demo mode',
    };
  const { upstreams } = options;
  const host = (url: string) => new URL(url).host;
  // Wikidata and Wikipedia are two hosts by default, one where both point at a replay: named once then.
  const knowledgeHosts = [
    ...new Set([
      host(options.knowledge.wikidataUrl ?? DEFAULT_WIKIDATA_URL),
      host(options.knowledge.wikipediaUrl ?? DEFAULT_WIKIPEDIA_URL),
    ]),
  ].join(' and ');
  return {
    drivers: {
      music: deezer({ imageCacheBytes: options.cache.images, ...options.deezer, baseUrl: upstreams.deezer }, ctx),
      features: reccobeats({ baseUrl: upstreams.features }, ctx),
      radio: azuracast({ baseUrl: upstreams.azuracast, defaultStation: options.station }, ctx),
      links: links(options.links, ctx),
      lyrics: lrclib({ ...options.lrclib, contact: options.contact }, ctx),
      knowledge: wikimedia({ ...options.knowledge, contact: options.contact }, ctx),
    },
    summary:
      `live mode: music from ${host(upstreams.deezer)}, audio features from ${host(upstreams.features)}, radio from ${host(upstreams.azuracast)}` +
      `, lyrics from ${host(options.lrclib.baseUrl ?? LRCLIB_URL)}, artist knowledge from ${knowledgeHosts}` +
      (options.contact === undefined ? ' (set SLEEVE_CONTACT: Wikimedia and LRCLIB ask for a contact)' : ''),
  };
}
