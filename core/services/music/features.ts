/**
 * @module
 * Audio features for a set of tracks, asked in one call (the provider batches by 40), with
 * each ISRC's title and duration as hints. When the provider fails, the tracks are answered
 * without features (`audioFeatures: null`, playlist filters keep them)
 * rather than not at all; `degraded` tells the frame not to cache that answer.
 */
import { SleeveError, type ErrorCode } from '../../errors.ts';
import type { AudioFeatures, FeatureHint } from '../../domain/features.ts';
import type { TrackHit } from '../../domain/music.ts';
import type { Drivers } from '../../drivers/contracts/drivers.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

const UPSTREAM_FAILURES: readonly ErrorCode[] = ['upstream_error', 'upstream_timeout', 'service_unavailable'];

export interface FeaturesCall {
  scope?: RequestScope;
  /** Called when features are left out because the provider failed. */
  degraded(reason: string): void;
}

export async function featuresOrNone(
  drivers: Drivers,
  tracks: readonly TrackHit[],
  call: FeaturesCall,
): Promise<Map<string, AudioFeatures>> {
  const hints = new Map<string, FeatureHint>();
  for (const t of tracks)
    if (t.isrc && !hints.has(t.isrc)) hints.set(t.isrc, { title: t.title, durationMs: t.durationMs });
  if (hints.size === 0) return new Map();
  try {
    return await drivers.features.features([...hints.keys()], { hints, scope: call.scope });
  } catch (error) {
    if (!(error instanceof SleeveError && UPSTREAM_FAILURES.includes(error.code))) throw error;
    call.degraded(`audio features (${error.message})`);
    return new Map();
  }
}
