/** A Worker's requests hold their contexts open until the isolate has no work in flight (D47). */
import { describe, expect, it, vi } from 'vitest';
import { isolateWork } from '../../../adapters/workers/isolate-work.ts';

describe('isolateWork', () => {
  it('is quiet at once with nothing tracked, and once the last tracked work settles, failed or not', async () => {
    const work = isolateWork();
    await work.quiet();
    let done!: () => void;
    let fail!: (error: Error) => void;
    const one = work.track(new Promise<void>((resolve) => (done = resolve)));
    const two = work.track(new Promise<void>((_, reject) => (fail = reject)));
    two.catch(() => {});
    let quiet = false;
    void work.quiet().then(() => (quiet = true));
    done();
    await one;
    await Promise.resolve();
    expect(quiet).toBe(false);
    fail(new Error('gone'));
    await two.catch(() => {});
    await vi.waitFor(() => expect(quiet).toBe(true));
  });

  it('holds no longer than its bound', async () => {
    vi.useFakeTimers();
    try {
      const work = isolateWork(1000);
      void work.track(new Promise(() => {}));
      let quiet = false;
      void work.quiet().then(() => (quiet = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(quiet).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(quiet).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
