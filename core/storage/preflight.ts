/**
 * @module
 * A storage spec tried once before a server listens (D50). A spec that can never work is
 * refused, naming the fix: Redis without the ioredis package (an optional peer dependency) would
 * otherwise start, say "storage unavailable" at the first request and serve uncached and
 * unlimited for good. A Redis that does not answer now is only said, address and cause, in one
 * line: it may come up after Sleeve (a compose file, a restart), and until it does the storage's
 * breaker serves uncached and unlimited and finds it back by itself.
 */
import { SleeveError } from '../errors.ts';
import redisDriver, { missingClient, type RedisOptions } from './redis.ts';

/**
 * Resolves with the line to print when the storage does not answer, or undefined when it does
 * (or needs no asking: memory, fs, Deno KV); rejects with a `not_configured` SleeveError when it
 * cannot work at all. `loadModule` stands in for the Redis driver's loading (tests).
 */
export async function checkStorage(
  spec: string,
  { loadModule }: Pick<RedisOptions, 'loadModule'> = {},
): Promise<string | undefined> {
  if (!/^rediss?:\/\/./.test(spec)) return undefined;
  const driver = redisDriver({ url: spec, loadModule });
  try {
    // Any answer will do, a key that is not there too.
    await driver.hasItem('sleeve:start-probe', {});
    return undefined;
  } catch (error) {
    if (error instanceof SleeveError && error.code === 'not_configured')
      throw new SleeveError('not_configured', missingClient(spec), { cause: error });
    const said = error instanceof Error ? error.message : String(error);
    return `${said} at start-up: serving uncached and unlimited until it answers`;
  } finally {
    await Promise.resolve(driver.dispose?.()).catch(() => {});
  }
}
