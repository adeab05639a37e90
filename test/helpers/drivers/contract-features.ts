/**
 * @module
 * The audio-features source contract: known ISRCs answer schema-valid features keyed by the
 * ISRC asked; unknown ones are absent, never an error; aborted calls reject.
 */
import { describe, expect } from 'vitest';
import type { FeaturesDriver } from '../../../core/drivers/contracts/features.ts';
import { AudioFeaturesSchema, expectValid } from './domain-schemas.ts';
import { abortedSignal, caseRunner, type ContractOptions } from './contract-kit.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

export interface FeaturesContractOptions extends ContractOptions<FeaturesDriver> {
  /** ISRCs the source has features for (at least two). */
  knownIsrcs: () => Promise<string[]>;
}

export function runFeaturesContract(options: FeaturesContractOptions): void {
  const test = caseRunner(options);
  describe(`features source contract: ${options.name}`, () => {
    test('known ISRCs answer schema-valid features for that ISRC', async (s) => {
      const known = await options.knownIsrcs();
      expect(known.length).toBeGreaterThanOrEqual(2);
      const found = await s.features(known);
      expect([...found.keys()].sort()).toEqual([...known].sort());
      for (const [isrc, features] of found) {
        expectValid(AudioFeaturesSchema, features, `features[${isrc}]`);
        expect(features.isrc).toBe(isrc);
      }
    });

    test('unknown ISRCs are absent, not an error; an empty list answers an empty map', async (s) => {
      const [known] = await options.knownIsrcs();
      const found = await s.features([known!, 'ZZ0000000000']);
      expect([...found.keys()]).toEqual([known]);
      expect((await s.features([])).size).toBe(0);
    });

    test('features are stable between calls', async (s) => {
      const known = await options.knownIsrcs();
      expect(await s.features(known)).toEqual(await s.features(known));
    });

    test('rejects on an already-aborted signal', async (s) => {
      await expect(s.features(await options.knownIsrcs(), { scope: unboundScope(abortedSignal()) })).rejects.toThrow();
      await expect(s.probe({ scope: unboundScope(abortedSignal()) })).rejects.toThrow();
    });
  });
}
