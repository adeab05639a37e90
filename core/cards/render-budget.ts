/**
 * @module
 * The PNG drawing budget of one Sleeve (D53), shared fairly between clients, keyed as the rate
 * limiter keys them (`clientIp`). Sized from what a drawing costs: a 1200 × 630 card is ~95 ms
 * of CPU on this project's quiet 2-core box (`bench/cards.ts`), taken as `RENDER_MS` = 100.
 *
 * - **Threads away from the answering one** (`threads` = W ≥ 1, a server's worker pool): W
 *   drawings at once, 2 × W more waiting (a card waits at most ~2 drawings, ~0.2 s), and
 *   1000 / 100 × W = 10 × W drawings admitted a clock second, what W threads draw in a second.
 * - **On the answering thread** (`threads` = 0: an embedder's `createSleeve`, a Worker): one at a
 *   time, 2 waiting, and 5 a clock second: 5 × 100 ms is half of that thread's second, so
 *   the other half still answers everyone else.
 * - **Fair:** a client holds at most half of what may be drawing or waiting (rounded up), and at
 *   most half of a second's admissions (rounded up), so one client never takes all of it; and
 *   waiting clients get free threads in turn, one card each, not in order of arrival.
 *
 * Past any bound a card is a 503 `service_unavailable` with `Retry-After: 1` at once (a drawing
 * is ~0.1 s, the window a second): queues are bounded, nothing stalls. Counted on the Sleeve's
 * clock (`deps.clock`), so tests move time rather than wait.
 */
import { SleeveError } from '../errors.ts';

/** What a drawing costs here, rounded up from ~95 ms measured (`bench/cards.ts`, docs/performance.md). */
const RENDER_MS = 100;

export interface RenderBudgetSize {
  /** Drawings at once. */
  slots: number;
  /** Drawings waiting for a slot, in all. */
  waiting: number;
  /** Drawings a client may have drawing or waiting. */
  perClient: number;
  /** Drawings admitted in a clock second, in all. */
  perSecond: number;
  /** Drawings admitted in a clock second, for one client. */
  perClientPerSecond: number;
}

/** The budget for a renderer drawing on `threads` threads away from the answering one (0: on it). */
export function renderBudgetSize(threads: number): RenderBudgetSize {
  const slots = Math.max(1, threads);
  const waiting = 2 * slots;
  // On the answering thread, half its second; on W threads of their own, all of theirs.
  const perSecond = threads === 0 ? Math.floor(1000 / RENDER_MS / 2) : Math.floor((1000 / RENDER_MS) * threads);
  return {
    slots,
    waiting,
    perClient: Math.ceil((slots + waiting) / 2),
    perSecond,
    perClientPerSecond: Math.ceil(perSecond / 2),
  };
}

const busy = (message: string): SleeveError =>
  new SleeveError('service_unavailable', `${message} Try again in a second, or ask for format=svg.`, {
    headers: { 'Retry-After': '1' },
  });

export class RenderBudget {
  /** Read at each card: a renderer whose threads did not start draws on the answering thread. */
  readonly #size: () => RenderBudgetSize;
  readonly #now: () => number;
  #running = 0;
  #waiting = 0;
  /** Per client: drawing and waiting. */
  readonly #held = new Map<string, number>();
  /** Per client with a card waiting, in the order they get the next free slot. */
  readonly #queues = new Map<string, (() => void)[]>();
  #window = { second: Number.NaN, total: 0, byClient: new Map<string, number>() };

  constructor(size: () => RenderBudgetSize, now: () => number) {
    this.#size = size;
    this.#now = now;
  }

  /**
   * A turn to draw for `client`: resolves (at once, or when a slot frees) to the function that
   * gives it back, which must be called once the drawing ends. Throws 503 past the budget.
   */
  take(client: string): Promise<() => void> {
    this.#admit(client);
    this.#held.set(client, (this.#held.get(client) ?? 0) + 1);
    const release = this.#releaser(client);
    if (this.#running < this.#size().slots && this.#waiting === 0) {
      this.#running++;
      return Promise.resolve(release);
    }
    this.#waiting++;
    return new Promise((resolve) => {
      const queue = this.#queues.get(client);
      const start = (): void => resolve(release);
      if (queue) queue.push(start);
      else this.#queues.set(client, [start]);
    });
  }

  /** Throws when `client` may not have one more card drawn now; counts it in the second otherwise. */
  #admit(client: string): void {
    const size = this.#size();
    const second = Math.floor(this.#now() / 1000);
    if (this.#window.second !== second) this.#window = { second, total: 0, byClient: new Map() };
    const window = this.#window;
    const inSecond = window.byClient.get(client) ?? 0;
    if ((this.#held.get(client) ?? 0) >= size.perClient)
      throw busy(`You have ${size.perClient} PNG cards being drawn already, your share of this instance.`);
    if (inSecond >= size.perClientPerSecond)
      throw busy(`You had ${size.perClientPerSecond} new PNG cards drawn this second, your share of this instance.`);
    if (window.total >= size.perSecond)
      throw busy(`This instance is drawing ${size.perSecond} PNG cards a second already.`);
    if (this.#running >= size.slots && this.#waiting >= size.waiting)
      throw busy('This instance has as many PNG cards drawing and waiting as it holds.');
    window.total++;
    window.byClient.set(client, inSecond + 1);
  }

  #releaser(client: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const held = this.#held.get(client)! - 1;
      if (held === 0) this.#held.delete(client);
      else this.#held.set(client, held);
      this.#running--;
      this.#next();
    };
  }

  /** Gives a free slot to the next waiting client in turn, who then goes to the back. */
  #next(): void {
    const first = this.#queues.entries().next();
    if (first.done || this.#running >= this.#size().slots) return;
    const [client, queue] = first.value;
    const start = queue.shift()!;
    this.#queues.delete(client);
    if (queue.length > 0) this.#queues.set(client, queue);
    this.#waiting--;
    this.#running++;
    start();
  }
}
