/**
 * D53: the PNG drawing budget, on a clock the test moves: sized from the renderer's threads,
 * shared fairly between clients (a share each, turns in rotation), bounded everywhere, and a
 * 503 with `Retry-After` past any bound, at once rather than a wait.
 */
import { describe, expect, it } from 'vitest';
import { RenderBudget, renderBudgetSize } from '../../../core/cards/render-budget.ts';
import { SleeveError } from '../../../core/errors.ts';

const refused = (take: () => Promise<unknown>): SleeveError => {
  try {
    void take();
  } catch (thrown) {
    if (thrown instanceof SleeveError) return thrown;
    throw thrown;
  }
  throw new Error('the budget admitted it');
};

describe('the size, from the threads', () => {
  it('on the answering thread: one at a time, 5 a second (half of ~100 ms drawings), a client 3', () => {
    expect(renderBudgetSize(0)).toEqual({ slots: 1, waiting: 2, perClient: 2, perSecond: 5, perClientPerSecond: 3 });
  });
  it('on W threads of their own: W at once, 2 W waiting, 10 W a second, a client half of each', () => {
    expect(renderBudgetSize(1)).toEqual({ slots: 1, waiting: 2, perClient: 2, perSecond: 10, perClientPerSecond: 5 });
    expect(renderBudgetSize(3)).toEqual({ slots: 3, waiting: 6, perClient: 5, perSecond: 30, perClientPerSecond: 15 });
  });
});

describe('the turns', () => {
  const clock = { now: 5_000 };
  const budget = (threads: number): RenderBudget =>
    new RenderBudget(
      () => renderBudgetSize(threads),
      () => clock.now,
    );

  it('a client holds at most its share; past it a 503 with Retry-After: 1, and another client still gets its turn', async () => {
    const b = budget(1);
    const first = await b.take('a');
    const waiting = b.take('a');
    const over = refused(() => b.take('a'));
    expect([over.status, over.code, over.headers['Retry-After']]).toEqual([503, 'service_unavailable', '1']);
    expect(over.message).toMatch(/format=svg/);
    const other = b.take('b');
    const order: string[] = [];
    void waiting.then(() => order.push('a'));
    void other.then(() => order.push('b'));
    first();
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['a']);
    (await waiting)();
    await Promise.resolve();
    expect(order).toEqual(['a', 'b']);
  });

  it('free slots go to the waiting clients in turn, not in order of arrival', async () => {
    clock.now += 1000;
    const b = budget(3);
    const running = await Promise.all([b.take('a'), b.take('a'), b.take('a')]);
    const order: string[] = [];
    // a asked twice before b and c asked once each: b and c are not served after all of a's.
    for (const client of ['a', 'a', 'b', 'c']) void b.take(client).then((done) => (order.push(client), done()));
    for (const done of running) done();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a', 'b', 'c', 'a']);
  });

  it('the queue is bounded in all: past slots and waiting, a 503 at once, whoever asks', async () => {
    clock.now += 1000;
    const b = budget(1);
    await b.take('a');
    void b.take('b');
    void b.take('c');
    expect(refused(() => b.take('d')).message).toMatch(/drawing and waiting/);
  });

  it('a second admits perSecond drawings in all and half of them per client; the next second admits again', async () => {
    clock.now = 100_000;
    const b = budget(0);
    for (let i = 0; i < 3; i++) (await b.take('a'))();
    expect(refused(() => b.take('a')).message).toMatch(/3 new PNG cards drawn this second/);
    for (let i = 0; i < 2; i++) (await b.take('b'))();
    expect(refused(() => b.take('c')).message).toMatch(/5 PNG cards a second/);
    clock.now += 1000;
    (await b.take('a'))();
  });

  it('a renderer whose threads fall back to the answering thread shrinks the budget with it', async () => {
    clock.now = 200_000;
    let threads = 2;
    const b = new RenderBudget(
      () => renderBudgetSize(threads),
      () => clock.now,
    );
    await b.take('a');
    threads = 0;
    // Two at once were allowed; now one: the next waits.
    let started = false;
    void b.take('b').then(() => (started = true));
    await Promise.resolve();
    expect(started).toBe(false);
  });
});
