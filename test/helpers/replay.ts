/**
 * The replay (`replay/server.ts`) on loopback for the tests of a file, or of the `describe` it
 * is called in: started before them, stopped after them. What is returned stands for the
 * replay once it has started (its `url`, `deezerUrl`, `options`, `calls`, `close`...), so a
 * file reads `replay.deezerUrl` in its tests as it would the started one's. `beforeStop` runs
 * first when the tests are over: what was made on the replay (live Sleeves) goes before it.
 */
import { afterAll, beforeAll } from 'vitest';
import { startReplay, type Replay, type ReplayOptions } from '../../replay/server.ts';

export function replayOnLoopback(settings: ReplayOptions = {}, beforeStop?: () => Promise<void>): Replay {
  let started: Replay | undefined;
  beforeAll(async () => {
    started = await startReplay(settings);
  });
  afterAll(async () => {
    await beforeStop?.();
    await started?.close();
  });
  return standIn(() => started, 'the replay');
}

/** What stands for a thing a `beforeAll` makes, so a file can name it before its tests run. */
export function standIn<T extends object>(made: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const thing = made();
      if (!thing) throw new Error(`${what} is read (${String(key)}) before its tests made it`);
      const value = Reflect.get(thing, key);
      return typeof value === 'function' ? value.bind(thing) : value;
    },
  });
}
