/**
 * Run by test/distribution/storage/deno-kv.test.ts under the real `deno` (`--unstable-kv`): Sleeve's Deno KV
 * storage and counters on the database file `argv[1]`, one scenario per run (`argv[0]`),
 * printing what it saw as one JSON line.
 * - `store`: small, large (kept gzip'd) and too large (not kept) values round-trip; a ttl
 *   reaches Deno KV as `expireIn` (seen on the database's own `set`); a removed value is gone.
 * - `count <key> <n>`: `n` hits on one counter at once; the counts they got.
 */
import { countersFor } from '../../../core/storage/counters.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';

declare const Deno: { args: string[] };
const [scenario, path, key = 'probe', n = '0'] = Deno.args;
const storage = storageFromSpec(`deno-kv:${path}`);

if (scenario === 'store') {
  // A large JSON answer compresses well; random digits alone still pass 64 KiB gzip'd.
  const large = Array.from({ length: 4000 }, (_, i) => ({ id: i, name: `Track ${i}`, score: 0.5 }));
  let noise = '';
  while (noise.length < 400_000) noise += Math.random().toString(36).slice(2);
  const kv = (await storage.getMount('').driver.getInstance!()) as {
    get(key: string[]): Promise<{ value: unknown }>;
    set(key: string[], value: unknown, options?: { expireIn?: number }): Promise<unknown>;
  };
  // Each key's expireIn as the database was asked (Deno deletes "at some point after": not to be waited for).
  const expireIn: Record<string, number | null> = {};
  const set = kv.set.bind(kv);
  kv.set = (key, value, options) => {
    expireIn[key.join(':')] = options?.expireIn ?? null;
    return set(key, value, options);
  };
  await storage.setItem('small', { a: 1 });
  await storage.setItem('large', large, { ttl: 60 });
  await storage.setItem('noise', noise);
  await storage.setItem('short', 'x', { ttl: 1 });
  await storage.setItem('gone', 'y');
  await storage.removeItem('gone');
  const raw = (await kv.get(['sleeve', 'large'])).value as string;
  console.log(
    JSON.stringify({
      small: await storage.getItem('small'),
      large: JSON.stringify(await storage.getItem('large')) === JSON.stringify(large),
      largeStoredChars: raw.length,
      largeChars: JSON.stringify(large).length,
      noise: await storage.getItem('noise'),
      short: await storage.hasItem('short'),
      gone: [await storage.hasItem('gone'), await storage.getItem('gone')],
      expireIn,
    }),
  );
} else if (scenario === 'count') {
  const counters = countersFor(storage);
  const now = Date.now();
  const hits = await Promise.all(Array.from({ length: Number(n) }, () => counters.hit(key, now, 60_000)));
  console.log(JSON.stringify(hits.map((hit) => hit.count)));
}
await storage.dispose();
