/**
 * `ConnInfo.waitUntil` (a Worker's `ctx.waitUntil`, D47): the storage's write of a miss is
 * handed over rather than awaited, so the answer does not wait for it, and the write still
 * happens; without it, the answer waits for the write, as on a server.
 */
import { createStorage, defineDriver } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';

const UA = { 'user-agent': 'WaitUntil/1.0 (wait@example.com)' };

/** A memory storage whose writes wait until `release()`. */
function heldWrites() {
  const inner = memoryDriver();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const driver = defineDriver(() => ({
    ...inner,
    name: 'held',
    async setItem(key: string, value: string) {
      await gate;
      return inner.setItem!(key, value, {});
    },
  }));
  return { storage: createStorage({ driver: driver({}) }), release };
}

describe('ConnInfo.waitUntil', () => {
  it('hands a miss’s storage write over: the answer comes first, the write lands once let go', async () => {
    const { storage, release } = heldWrites();
    const sleeve = createSleeve({ storage, log: { info() {}, error() {} } });
    const handed: Promise<unknown>[] = [];
    const res = await sleeve.fetch(new Request('http://sleeve.test/editorial/genres', { headers: UA }), {
      waitUntil: (work) => void handed.push(work),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(handed).toHaveLength(1);
    expect(await storage.getKeys()).toEqual([]);
    release();
    await Promise.all(handed);
    expect((await storage.getKeys()).length).toBe(1);
  });

  it('without it, the answer waits for the write', async () => {
    const { storage, release } = heldWrites();
    const sleeve = createSleeve({ storage, log: { info() {}, error() {} } });
    let answered = false;
    const answer = Promise.resolve(
      sleeve.fetch(new Request('http://sleeve.test/editorial/genres', { headers: UA })),
    ).then((res) => ((answered = true), res));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect((await answer).status).toBe(200);
    expect((await storage.getKeys()).length).toBe(1);
  });
});
