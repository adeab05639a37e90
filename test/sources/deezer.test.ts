/** The Deezer driver runs the whole music contract over the replay of recorded Deezer answers. */
import { createStorage } from 'unstorage';
import { afterAll } from 'vitest';
import { startReplay, type Replay } from '../../replay/server.ts';
import deezer from '../../core/sources/deezer/index.ts';
import { createDriverContext } from '../../core/sources/kit/context.ts';
import { breaker } from '../../core/storage/breaker.ts';
import { runMusicContract } from './_contract.ts';

let replay: Promise<Replay> | undefined;
afterAll(async () => (await replay)?.close());

runMusicContract({
  name: 'deezer replay',
  make: async () => {
    const { deezerUrl } = await (replay ??= startReplay());
    const ctx = createDriverContext({ storage: createStorage(), breaker: breaker({ onOutage() {} }), now: Date.now, log: { info() {}, error() {} } });
    return deezer({ baseUrl: deezerUrl }, ctx);
  },
  playlistQuery: 'top',
  genre: 'electro',
  sampleTrackId: 3135556,
  skip: [{
    reason: "the replay's search matches whole words; Deezer's own search forgives typos, and Sleeve's ranking (D15) re-scores whatever it returns",
    tests: ['search tolerates case, accents, punctuation and a small typo'],
  }],
});
