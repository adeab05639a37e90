/**
 * @module
 * Picks the drivers for a mode (D1): demo mode serves the catalogue and its simulated station;
 * live mode serves music from Deezer. Services never know which driver answers. Audio features
 * and the radio station stay on the demo catalogue in live mode until their live drivers
 * exist (live mode, part 2), and the start-up line says so.
 */
import type { ResolvedOptions } from '../options.ts';
import catalogSources from './catalog/index.ts';
import deezer from './deezer/index.ts';
import type { DriverContext } from './kit/context.ts';
import type { Sources } from './types.ts';

export interface Registered {
  sources: Sources;
  /** What the start-up line says of the mode and its upstreams. */
  summary: string;
}

export function registerSources(options: ResolvedOptions, ctx: DriverContext): Registered {
  const demo = catalogSources({ station: options.station, catalog: options.catalog }, ctx);
  if (options.mode === 'demo') return { sources: demo, summary: 'demo mode' };
  const music = deezer({ ...options.deezer, baseUrl: options.upstreams.deezer }, ctx);
  return {
    sources: { ...demo, music },
    summary: `live mode: music from ${new URL(options.upstreams.deezer).host}; audio features and radio from the demo catalogue (live drivers not built yet)`,
  };
}
