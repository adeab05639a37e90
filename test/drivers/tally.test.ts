/** D20: upstream calls counted per request through the signal every call carries (`core/drivers/kit/tally.ts`). */
import { describe, expect, it } from 'vitest';
import { shareWork } from '../../core/drivers/kit/shared-work.ts';
import { withTimeout } from '../../core/drivers/kit/call.ts';
import { carry, countingFetch, tallyOf, tallyOn } from '../../core/drivers/kit/tally.ts';

const ok = async () => new Response('{}');

describe('upstream tally (D20)', () => {
  it('a signal derived for a call counts for the request it came from; a shared flight for its first caller', async () => {
    const first = { upstream: 0 };
    const second = { upstream: 0 };
    const a = new AbortController().signal;
    const b = new AbortController().signal;
    tallyOn(a, first);
    tallyOn(b, second);
    const timeout = AbortSignal.timeout(1000);
    expect(tallyOf(withTimeout(a, timeout))).toBe(first);
    expect(withTimeout(undefined, timeout)).toBe(timeout);
    expect(tallyOf(timeout)).toBeUndefined();
    const derived = new AbortController().signal;
    carry(derived, undefined);
    carry(derived, a);
    carry(derived, b);
    expect(tallyOf(derived)).toBe(first);

    let seen: AbortSignal | undefined;
    const work = shareWork(
      async (signal) => void (seen = signal),
      () => {},
      'test',
    );
    await Promise.all([work.join(b), work.join(a)]);
    expect(tallyOf(seen)).toBe(second);
  });

  it('the counting fetch counts on the tally (when asked to) and per host', async () => {
    const tally = { upstream: 0 };
    const signal = new AbortController().signal;
    tallyOn(signal, tally);
    const hosts: string[] = [];
    const fetch = countingFetch(ok, true, (host) => hosts.push(host));
    await fetch('http://127.0.0.1:9/deezer/track/1', { signal });
    await fetch(new Request('https://api.deezer.com/search'));
    await fetch(new URL('https://cdn-images.dzcdn.net/images/x.jpg'));
    expect(tally.upstream).toBe(1);
    expect(hosts).toEqual(['127.0.0.1:9', 'api.deezer.com', 'cdn-images.dzcdn.net']);
    const before = tally.upstream;
    await countingFetch(ok, false)('http://127.0.0.1:9/x', { signal });
    expect(tally.upstream).toBe(before);
  });
});
