/**
 * Live Sleeves sharing one real Redis (started by the test) over one replay: what the budget's
 * multi-instance tests each set up. Call inside a `describe`: it registers the start and the
 * teardown, and `instance(options)` opens a Sleeve that is disposed after the suite.
 */
import { afterAll, beforeAll } from 'vitest';
import { createSleeve, type Sleeve, type SleeveOptions } from '../../../core/index.ts';
import { startReplay, type Replay, type ReplayOptions } from '../../../replay/server.ts';
import { startRedis, type RedisServer } from '../../helpers/storage/redis.ts';

const quiet = { info() {}, error() {} };

export interface OnRedis {
  /** The replay, once the suite has started. */
  readonly replay: Replay;
  /** A live Sleeve on the replay and the Redis, with `options` over those. */
  instance(options?: Partial<SleeveOptions>): Sleeve;
}

export function onRedis(replayOptions: ReplayOptions): OnRedis {
  let redis: RedisServer | undefined;
  let replay: Replay | undefined;
  const opened: Sleeve[] = [];
  beforeAll(async () => {
    [redis, replay] = await Promise.all([startRedis(), startReplay(replayOptions)]);
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.deps.storage.dispose()));
    await replay?.close();
    await redis?.stop();
  });
  return {
    get replay() {
      return replay!;
    },
    instance(options) {
      const sleeve = createSleeve({ mode: 'live', ...replay!.options, storage: redis!.url, log: quiet, ...options });
      opened.push(sleeve);
      return sleeve;
    },
  };
}
