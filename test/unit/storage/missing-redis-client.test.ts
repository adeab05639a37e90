/**
 * An embedder's Redis without ioredis (issue #64): `createSleeve` refuses it at once, with the
 * install command the servers' start-up names (`preflight.ts`), where it used to make a Sleeve
 * that served uncached and unlimited for good. Here the package's absence is stood in; the real
 * one, a packed install without ioredis, is asserted in test/distribution/package/package.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createSleeveWith, SERVER_PLATFORM, SleeveError } from '../../../core/index.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import { redisClientMissing } from '../../../core/storage/redis.ts';

const notFound = () => {
  throw Object.assign(new Error("Cannot find package 'ioredis'"), { code: 'ERR_MODULE_NOT_FOUND' });
};

describe('a Redis storage without ioredis', () => {
  it('is missing only when resolving says no such package; a runtime that cannot say is not refused', () => {
    expect(redisClientMissing(notFound)).toBe(true);
    expect(redisClientMissing(() => 'file:///node_modules/ioredis/built/index.js')).toBe(false);
    expect(
      redisClientMissing(() => {
        throw new TypeError('Import "ioredis" not a dependency');
      }),
    ).toBe(false);
    // Here, in the checkout, it is installed (a devDependency).
    expect(redisClientMissing()).toBe(false);
  });

  it('is not missing inside a Bun single-file executable, which carries it but resolves nothing from disk', () => {
    expect(redisClientMissing(notFound, 'file:///$bunfs/root/sleeve')).toBe(false);
    expect(redisClientMissing(notFound, 'file:///srv/sleeve/node_modules/sleeve/dist/core/storage/redis.js')).toBe(
      true,
    );
  });

  it.each([
    ['redis://user:s3cret@cache:6379', 'redis'],
    ['rediss://cache:6380', 'rediss'],
  ])('createSleeve refuses %s with the install command, never the password', (spec, scheme) => {
    const platform = {
      ...SERVER_PLATFORM,
      storage: (given: string, maxBytes?: number) => storageFromSpec(given, maxBytes, {}, { resolve: notFound }),
    };
    let refusal: unknown;
    try {
      createSleeveWith({ storage: spec }, platform);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(SleeveError);
    expect(refusal).toMatchObject({
      code: 'not_configured',
      message: `SLEEVE_STORAGE=${scheme}://… needs the ioredis package: npm install ioredis`,
    });
    expect(String((refusal as Error).message)).not.toContain('s3cret');
  });
});
