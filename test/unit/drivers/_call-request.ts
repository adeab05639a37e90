/**
 * A request of a call as the kit's policies pass it down (`core/drivers/kit/call/policy.ts`), on a
 * virtual clock, for testing one policy alone around a fake `next`.
 */
import type { CallReport } from '../../../core/drivers/kit/call/report.ts';
import type { UpstreamRequest } from '../../../core/drivers/kit/call/policy.ts';
import type { Reply, Upstream } from '../../../core/drivers/kit/call/upstream.ts';
import { fakeClock, type FakeClock } from '../../helpers/clock.ts';

/** What a test's upstream was told: each request's result and each refusal, in order. */
export interface Told {
  results: string[];
  refusals: string[];
}

export function toldReport(): CallReport & Told {
  const results: string[] = [];
  const refusals: string[] = [];
  return {
    results,
    refusals,
    sent: (result) => void results.push(result),
    refused: (by) => void refusals.push(by),
  };
}

/** An upstream on a virtual clock that no test sends to (its `next` is the test's). */
export function testUpstream(extra: Partial<Upstream> = {}): Upstream & { clock: FakeClock } {
  return {
    name: 'test',
    base: 'http://up.test',
    fetch: () => Promise.reject(new Error('not sent in this test')),
    clock: fakeClock(),
    timeoutMs: 1000,
    ...extra,
  } as Upstream & { clock: FakeClock };
}

/** A request of a call to `upstream`, reading the status, as the call's entry makes it. */
export function requestTo(upstream: Upstream, extra: Partial<UpstreamRequest<number>> = {}): UpstreamRequest<number> {
  return {
    upstream,
    url: `${upstream.base}/x`,
    options: {},
    read: (reply: Reply) => reply.status,
    tries: undefined,
    times: { firstByteMs: upstream.timeoutMs, totalMs: upstream.timeoutMs },
    signal: undefined,
    explain: () => undefined,
    ...extra,
  };
}

/** An answer as `read` is given it: `status`, `headers`, and an empty body. */
export function replyOf(upstream: Upstream, status: number, headers: Record<string, string> = {}): Reply {
  return {
    upstream,
    status,
    headers: new Headers(headers),
    text: async () => '',
    json: async () => null,
    bytes: async () => new Uint8Array(0),
  };
}
