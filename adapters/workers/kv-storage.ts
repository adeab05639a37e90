/**
 * @module
 * D47: the cache in Workers KV, through unstorage's own KV binding driver. Two of KV's terms
 * are met here rather than in core: a key takes one write a second (a second isolate storing
 * the same fresh answer at once is refused with 429: that answer is being kept anyway, so the
 * refusal is no outage for the storage's breaker to count), and a TTL is at least 60 s
 * (unstorage raises shorter ones; Sleeve's entries carry their own freshness, so a longer
 * stay in KV only keeps a stale copy for `STALE` answers).
 */
import { createStorage } from 'unstorage';
import kvBindingDriver from 'unstorage/drivers/cloudflare-kv-binding';
import type { Storage } from '../../core/storage/storage.ts';
import type { KvNamespace } from './platform.ts';

/** KV's answer to a second write of one key within a second ("KV PUT failed: 429 Too Many Requests"). */
const TOO_FAST = /\b429\b|too many requests/i;

export function kvStorage(namespace: KvNamespace): Storage {
  const driver = kvBindingDriver({ binding: namespace, base: 'sleeve' });
  return createStorage({
    driver: {
      ...driver,
      async setItem(key, value, options) {
        try {
          await driver.setItem?.(key, value, options);
        } catch (error) {
          if (!(error instanceof Error && TOO_FAST.test(error.message))) throw error;
        }
      },
    },
  }) as Storage;
}
