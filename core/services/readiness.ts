/**
 * @module
 * Whether this instance can serve (`/readyz`, D55): it is not draining (D34, D39), and its
 * storage answers, or the storage's fallback does (while the storage's breaker is open, requests
 * are answered uncached and unlimited, D9). It asks no upstream and spends no budget, so no
 * other client's traffic can move it. A storage that neither answers nor fails within
 * `READY_STORAGE_MS` would hold every request on it: that instance is not ready.
 */
import type { Storage } from '../storage/storage.ts';
import type { Breaker } from '../storage/breaker.ts';
import type { Clock } from '../drivers/kit/index.ts';

/**
 * How long the storage has to answer, or fail and leave it to the fallback, for the instance to be
 * ready: Redis fails within about a second (its command timeout, D9), so a dead Redis reads as
 * `fallback`, and only a storage that hangs reads as `unanswered`.
 */
export const READY_STORAGE_MS = 2000;

/**
 * `ok`: the storage answered; `fallback`: it failed or its breaker is open, and requests are
 * answered without it; `unanswered`: it neither answered nor failed in time; `unchecked`: draining, no check run.
 */
type StorageReading = 'ok' | 'fallback' | 'unanswered' | 'unchecked';

export interface Readiness {
  status: 'ready' | 'draining' | 'unready';
  storage: StorageReading;
}

export interface ReadinessInput {
  draining: boolean;
  storage: Storage;
  breaker: Breaker;
  clock: Clock;
}

/** A read of a key that need not exist: any answer is the storage answering. */
const PROBE_KEY = 'sleeve:readyz';

function readStorage(input: ReadinessInput): Promise<StorageReading> {
  return new Promise<StorageReading>((resolve) => {
    const cancel = input.clock.timer(READY_STORAGE_MS, () => resolve('unanswered'));
    const done = (reading: StorageReading) => {
      cancel();
      resolve(reading);
    };
    // Through the breaker, as a request's storage call goes: a failure opens it, and the fallback answers.
    Promise.resolve(
      input.breaker.run<StorageReading>(
        () => input.storage.hasItem(PROBE_KEY).then((): StorageReading => 'ok'),
        'fallback',
      ),
    ).then(done, () => done('fallback'));
  });
}

/** The answer and its status: 200 ready, 503 draining or unready. */
export async function checkReadiness(input: ReadinessInput): Promise<{ status: 200 | 503; body: Readiness }> {
  if (input.draining) return { status: 503, body: { status: 'draining', storage: 'unchecked' } };
  const storage = await readStorage(input);
  return storage === 'unanswered'
    ? { status: 503, body: { status: 'unready', storage } }
    : { status: 200, body: { status: 'ready', storage } };
}
