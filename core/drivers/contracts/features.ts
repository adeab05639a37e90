/**
 * @module
 * The audio-features driver's contract (the demo catalogue, ReccoBeats).
 */
import type { AudioFeatures, FeatureHint } from '../../domain/features.ts';
import type { CallOptions, Probed } from './driver.ts';

export interface FeaturesOptions extends CallOptions {
  /**
   * The tracks the ISRCs were read from: a provider that answers several records for one ISRC
   * (releases of one recording) picks the closest in duration and title.
   */
  hints?: ReadonlyMap<string, FeatureHint>;
}

/** Audio features by ISRC. */
export interface FeaturesDriver extends Probed {
  /** Features of each known ISRC; unknown ones are absent from the map. */
  features(isrcs: readonly string[], options?: FeaturesOptions): Promise<Map<string, AudioFeatures>>;
}
