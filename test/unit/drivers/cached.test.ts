/** The named per-call caches of the driver kit: lifetimes, coalescing, and callers that leave. */
import { createStorage, type Storage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { createCacher, MISSING_SECONDS } from '../../../core/drivers/shared/cached.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

function setup(storage: Storage = createStorage()) {
  const clock = { now: 1_000_000 };
  const cached = createCacher({
    storage,
    breaker: breaker({ clock: systemClock, onOutage() {} }),
    clock: clockOf(() => clock.now),
  });
  return { clock, cached, storage };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('named per-call caches', () => {
  it('answers from the storage within the lifetime, and asks again after it', async () => {
    const { clock, cached } = setup();
    let runs = 0;
    const call = cached({ name: 't:one', maxAge: 60, run: async (id: number) => ({ id, n: ++runs }) });
    expect(await call(1)).toEqual({ id: 1, n: 1 });
    clock.now += 59_000;
    expect(await call(1)).toEqual({ id: 1, n: 1 });
    clock.now += 2_000;
    expect(await call(1)).toEqual({ id: 1, n: 2 });
  });

  it(`keeps "no such thing" for ${MISSING_SECONDS} s, not the whole lifetime`, async () => {
    const { clock, cached } = setup();
    let runs = 0;
    const call = cached({ name: 't:missing', maxAge: 3600, run: async () => (runs++, null) });
    expect(await call('x')).toBeNull();
    clock.now += (MISSING_SECONDS - 1) * 1000;
    await call('x');
    expect(runs).toBe(1);
    clock.now += 2000;
    await call('x');
    expect(runs).toBe(2);
  });

  it("keep(): an answer another call fetched is kept under this call's key and lifetime", async () => {
    const { clock, cached } = setup();
    let runs = 0;
    const call = cached({ name: 't:kept', maxAge: 60, run: async (id: number) => ({ id, n: ++runs }) });
    await call.keep(1, { id: 1, n: 0 });
    expect(await call(1)).toEqual({ id: 1, n: 0 });
    expect(runs).toBe(0);
    // The lifetime counts from the keep, as from a fetch.
    clock.now += 61_000;
    expect(await call(1)).toEqual({ id: 1, n: 1 });
    // "No such thing" kept is kept for D9's five minutes.
    await call.keep(2, null);
    expect(await call(2)).toBeNull();
    clock.now += MISSING_SECONDS * 1000 + 1000;
    expect(await call(2)).toEqual({ id: 2, n: 2 });
  });

  it('keep(): an answer that says it is already stale is not kept', async () => {
    const { cached } = setup();
    let runs = 0;
    const call = cached({
      name: 't:stale',
      maxAge: 60,
      maxAgeOf: (v: string) => (v === 'expired' ? 0 : undefined),
      run: async () => (++runs, 'fresh'),
    });
    await call.keep(1, 'expired');
    expect(await call(1)).toBe('fresh');
    expect(runs).toBe(1);
  });

  it('keeps arguments apart, even ones that differ only after a `?`', async () => {
    const { cached } = setup();
    const call = cached({ name: 't:args', maxAge: 60, run: async (a: { q: string }) => a.q });
    expect(await call({ q: 'why?a' })).toBe('why?a');
    expect(await call({ q: 'why?b' })).toBe('why?b');
  });

  it('coalesces 100 identical concurrent calls into one run', async () => {
    const { cached } = setup();
    let runs = 0;
    const call = cached({ name: 't:many', maxAge: 60, run: async (id: number) => (await tick(), ++runs, id) });
    const answers = await Promise.all(Array.from({ length: 100 }, () => call(7)));
    expect(new Set(answers)).toEqual(new Set([7]));
    expect(runs).toBe(1);
  });

  it('instances sharing a storage share answers', async () => {
    const storage = createStorage();
    let runs = 0;
    const spec = { name: 't:shared', maxAge: 60, run: async () => ++runs };
    await setup(storage).cached(spec)(null);
    expect(await setup(storage).cached(spec)(null)).toBe(1);
    expect(runs).toBe(1);
  });

  it('a caller that aborts leaves at once; the call goes on for the others', async () => {
    const { cached } = setup();
    let release: (v: string) => void = () => {};
    let upstream: AbortSignal | undefined;
    const call = cached({
      name: 't:leave',
      maxAge: 60,
      run: (_: null, scope) => ((upstream = scope.signal), new Promise<string>((r) => (release = r))),
    });
    const leaving = new AbortController();
    const first = call(null, { scope: unboundScope(leaving.signal) });
    const second = call(null, { scope: unboundScope(new AbortController().signal) });
    await tick();
    leaving.abort(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    expect(upstream?.aborted).toBe(false);
    release('done');
    expect(await second).toBe('done');
  });

  it('when every caller has left, the upstream call is aborted and nothing is kept', async () => {
    const { cached } = setup();
    let upstream: AbortSignal | undefined;
    let runs = 0;
    const call = cached({
      name: 't:abandon',
      maxAge: 60,
      run: (_: null, { signal }) => {
        runs++;
        upstream = signal;
        return new Promise<string>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
    });
    const a = new AbortController();
    const b = new AbortController();
    const pending = [call(null, { scope: unboundScope(a.signal) }), call(null, { scope: unboundScope(b.signal) })];
    await tick();
    a.abort(new Error('a left'));
    b.abort(new Error('b left'));
    await expect(pending[0]).rejects.toThrow('a left');
    await expect(pending[1]).rejects.toThrow('b left');
    expect(upstream?.aborted).toBe(true);
    // A new caller starts afresh rather than joining the abandoned call.
    const again = new AbortController();
    const next = call(null, { scope: unboundScope(again.signal) });
    await tick();
    expect(runs).toBe(2);
    again.abort(new Error('bye'));
    await expect(next).rejects.toThrow('bye');
  });

  it('an already-aborted caller never starts a call', async () => {
    const { cached } = setup();
    let runs = 0;
    const call = cached({ name: 't:aborted', maxAge: 60, run: async () => ++runs });
    await expect(call(null, { scope: unboundScope(AbortSignal.abort(new Error('no'))) })).rejects.toThrow('no');
    expect(runs).toBe(0);
  });

  it('an answer that says it expires now (a signed URL) is not kept', async () => {
    const { cached } = setup();
    let runs = 0;
    const call = cached({ name: 't:own-age', maxAge: 600, maxAgeOf: () => 0, run: async () => ++runs });
    await call(null);
    await call(null);
    expect(runs).toBe(2);
  });

  it('a failing storage costs nothing but the caching', async () => {
    const broken = createStorage();
    broken.getItem = async () => {
      throw new Error('down');
    };
    broken.setItem = async () => {
      throw new Error('down');
    };
    const { cached } = setup(broken);
    const call = cached({ name: 't:down', maxAge: 60, run: async (id: number) => id * 2 });
    expect(await call(21)).toBe(42);
  });

  it('an upstream failure reaches every waiter and is not kept', async () => {
    const { cached } = setup();
    let runs = 0;
    const call = cached({
      name: 't:fail',
      maxAge: 60,
      run: async () => {
        runs++;
        await tick();
        throw new Error('upstream down');
      },
    });
    const results = await Promise.allSettled([call(null), call(null)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(call(null)).rejects.toThrow('upstream down');
    expect(runs).toBe(2);
  });

  it('a call that throws before it starts is not left in flight: the next caller runs it afresh', async () => {
    const { cached } = setup();
    let runs = 0;
    const call = cached<null, number>({
      name: 't:sync-throw',
      maxAge: 60,
      run: () => {
        runs++;
        if (runs === 1) throw new Error('at once');
        return Promise.resolve(runs);
      },
    });
    await expect(call(null)).rejects.toThrow('at once');
    expect(await call(null)).toBe(2);
  });
});
