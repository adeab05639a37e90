/**
 * What the one upstream caller reports of its calls (`core/drivers/kit/call/report.ts`, issue
 * #62): each request sent once, with how it ended (every try of a retried call, every redirect
 * followed), and a call its budget or its circuit kept back as a refusal, never as a result.
 */
import { describe, expect, it } from 'vitest';
import { upstreamError } from '../../../core/errors.ts';
import type { Budget } from '../../../core/drivers/kit/budget/budget.ts';
import { textReplyOf, call, unexpected, type Reply, type Upstream } from '../../../core/drivers/kit/call/call.ts';
import { createCircuit } from '../../../core/drivers/kit/circuit.ts';
import { BudgetRefusal } from '../../../core/drivers/kit/refusals.ts';
import { requestScope } from '../../../core/drivers/kit/scope.ts';
import { rejection } from '../../helpers/rejection.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { hang, ok, refused, scriptedFetch, type Step } from '../../helpers/drivers/scripted-upstream.ts';

/** An upstream answering each request with the next step (the last again once they run out), its reports recorded. */
function reported(steps: Step[], more: Partial<Upstream> = {}) {
  const clock = fakeClock();
  const told: string[] = [];
  const { fetch, sent } = scriptedFetch(steps, clock);
  const up: Upstream = {
    name: 'test',
    base: 'https://up.test/api',
    fetch,
    clock,
    timeoutMs: 2500,
    report: { sent: (result) => void told.push(result), refused: (by) => void told.push(`refused by ${by}`) },
    ...more,
  };
  return { up, clock, told, sent: () => sent.length };
}

const status =
  (code: number): Step =>
  () =>
    new Response('no', { status: code });
const json = (reply: Reply) => reply.json();

describe('what the upstream caller reports (issue #62)', () => {
  it('each try of a retried call is a request sent, with its own result', async () => {
    const { up, clock, told, sent } = reported([status(503), refused(), ok]);
    expect(await clock.runOut(call(up, '/x', {}, json))).toEqual({ ok: true });
    expect(told).toEqual(['http_5xx', 'unreachable', 'ok']);
    expect(sent()).toBe(3);
  });

  it('a try with no answer in time is a timeout; an unusable body a bad answer', async () => {
    const timedOut = reported([hang, ok]);
    expect(await timedOut.clock.runOut(call(timedOut.up, '/x', {}, json))).toEqual({ ok: true });
    expect(timedOut.told).toEqual(['timeout', 'ok']);
    const garbage = reported([() => new Response('<html>', { status: 200 }), ok]);
    expect(await garbage.clock.runOut(call(garbage.up, '/x', {}, json))).toEqual({ ok: true });
    expect(garbage.told).toEqual(['bad_answer', 'ok']);
  });

  it('a 4xx is the answer its driver reads it as: a "not found" ok, an unexpected status http_4xx', async () => {
    const notFound = reported([status(404)]);
    const read = async (reply: Reply) => {
      const answer = await textReplyOf(reply);
      if (answer.status === 404) return null;
      throw unexpected(reply.upstream, answer);
    };
    expect(await notFound.clock.runOut(call(notFound.up, '/x', {}, read))).toBeNull();
    expect(notFound.told).toEqual(['ok']);
    const forbidden = reported([status(403)]);
    await rejection(forbidden.clock.runOut(call(forbidden.up, '/x', {}, read)));
    expect(forbidden.told).toEqual(['http_4xx']);
    const errorBody = reported([ok]);
    const failing = () => Promise.reject(upstreamError('test', 'answered error 100'));
    await rejection(errorBody.clock.runOut(call(errorBody.up, '/x', {}, failing)));
    expect(errorBody.told).toEqual(['bad_answer']);
  });

  it('a redirect followed is one request, and its target another', async () => {
    const moved: Step = () => new Response(null, { status: 302, headers: { location: 'https://up.test/api/y' } });
    const { up, clock, told, sent } = reported([moved, ok]);
    expect(await clock.runOut(call(up, '/x', {}, json))).toEqual({ ok: true });
    expect(told).toEqual(['ok', 'ok']);
    expect(sent()).toBe(2);
  });

  it('a caller who goes away first: cancelled, neither success nor failure', async () => {
    const controller = new AbortController();
    const leaves: Step = (init) => {
      const answer = hang(init);
      controller.abort(new Error('left'));
      return answer;
    };
    const { up, clock, told } = reported([leaves]);
    const scope = requestScope({ signal: controller.signal, now: clock.now() });
    await expect(clock.runOut(call(up, '/x', { scope }, json))).rejects.toThrow('left');
    expect(told).toEqual(['cancelled']);
  });

  it('a call the budget gives no turn is refused, never sent, and no result', async () => {
    const budget = {
      take: () => Promise.reject(new BudgetRefusal('late', 'no turn within 3000 ms')),
      pause() {},
    } as unknown as Budget;
    const { up, clock, told, sent } = reported([ok], { budget });
    const error = await rejection(clock.runOut(call(up, '/x', {}, json)));
    expect(error).toBeInstanceOf(BudgetRefusal);
    expect(told).toEqual(['refused by budget']);
    expect(sent()).toBe(0);
  });

  it('a call an open circuit refuses is refused by the circuit, never sent', async () => {
    const clock = fakeClock();
    const circuit = createCircuit({ name: 'test', minCalls: 2, now: clock.now });
    const { up, told, sent } = reported([status(500)], { circuit, clock });
    for (let i = 0; i < 2; i++) await rejection(clock.runOut(call(up, '/x', {}, json)));
    expect(circuit.state).toBe('open');
    const before = sent();
    told.length = 0;
    await rejection(clock.runOut(call(up, '/x', {}, json)));
    expect(told).toEqual(['refused by circuit']);
    expect(sent()).toBe(before);
  });
});
