/**
 * D55: readiness asks no upstream; it is the instance's own state: not draining, and its storage
 * or the storage's fallback answering. On a clock the test moves.
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { checkReadiness, READY_STORAGE_MS } from '../../../core/services/readiness.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { systemClock } from '../../../core/drivers/kit/clock.ts';
import { fakeClock } from '../../helpers/clock.ts';

const quietBreaker = () => breaker({ clock: systemClock, onOutage() {} });

describe('readiness (D55)', () => {
  it('ready while the storage answers', async () => {
    const input = { draining: false, storage: createStorage(), breaker: quietBreaker(), clock: fakeClock() };
    expect(await checkReadiness(input)).toEqual({ status: 200, body: { status: 'ready', storage: 'ok' } });
  });

  it('503 draining while the instance drains, with no check run', async () => {
    const storage = createStorage();
    let asked = 0;
    storage.hasItem = async () => (asked++, false);
    const answer = await checkReadiness({ draining: true, storage, breaker: quietBreaker(), clock: fakeClock() });
    expect(answer).toEqual({ status: 503, body: { status: 'draining', storage: 'unchecked' } });
    expect(asked).toBe(0);
  });

  it('still ready with the storage down: its fallback answers (the breaker opens, as for a request)', async () => {
    const storage = createStorage();
    storage.hasItem = async () => Promise.reject(new Error('connection refused'));
    const guard = quietBreaker();
    const input = { draining: false, storage, breaker: guard, clock: fakeClock() };
    expect(await checkReadiness(input)).toEqual({ status: 200, body: { status: 'ready', storage: 'fallback' } });
    expect(guard.open).toBe(true);
    // While it is open the storage is not asked at all.
    let asked = 0;
    storage.hasItem = async () => (asked++, false);
    expect((await checkReadiness(input)).body.storage).toBe('fallback');
    expect(asked).toBe(0);
  });

  it('unready when the storage neither answers nor fails in time: requests would hang on it', async () => {
    const storage = createStorage();
    storage.hasItem = () => new Promise<boolean>(() => {});
    const clock = fakeClock();
    let answer: unknown;
    void checkReadiness({ draining: false, storage, breaker: quietBreaker(), clock }).then((a) => (answer = a));
    await clock.advance(READY_STORAGE_MS - 1);
    expect(answer).toBeUndefined();
    await clock.advance(1);
    expect(answer).toEqual({ status: 503, body: { status: 'unready', storage: 'unanswered' } });
  });
});
