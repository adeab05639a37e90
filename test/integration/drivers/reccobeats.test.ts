/** The ReccoBeats driver runs the audio-features contract over the replay of ReccoBeats answers. */
import { createStorage } from 'unstorage';
import { afterAll } from 'vitest';
import { startReplay, type Replay } from '../../../replay/server.ts';
import reccobeats from '../../../core/drivers/reccobeats/index.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { runFeaturesContract } from '../../helpers/drivers/contract-features.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';

let replay: Promise<Replay> | undefined;
afterAll(async () => (await replay)?.close());

runFeaturesContract({
  name: 'reccobeats replay',
  make: async () => {
    const url = (await (replay ??= startReplay())).urlOf('reccobeats');
    const ctx = createDriverContext({
      storage: createStorage(),
      breaker: breaker({ clock: systemClock, onOutage() {} }),
      clock: clockOf(Date.now),
      log: { info() {}, error() {} },
    });
    return reccobeats({ baseUrl: url }, ctx);
  },
  // The recorded record, a derived one, and the ISRC two releases answer.
  knownIsrcs: async () => ['USUG11904206', 'USUM72409273', 'GBDUW0000059'],
});
