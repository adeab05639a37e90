/**
 * @module
 * `/status`'s history: a fixed number of samples (90 at 10 s: 15 minutes) of a bounded set of
 * named series, each one typed array allocated once. A new sample overwrites the oldest, so
 * what it holds is the same after an hour or a month. Series are named by what `/metrics`
 * counts (endpoint families, upstreams, budgets), all from bounded sets; `MAX_SERIES` caps them
 * all the same, so no name can grow it.
 */

/** More than any instance's families, upstreams and budgets together need (about 80). */
export const MAX_SERIES = 256;

export interface HistoryJson {
  /** Each sample's time, Unix ms, oldest first. */
  times: number[];
  /** Each series' values at those times; null where it was not sampled. */
  series: Record<string, (number | null)[]>;
}

export class History {
  readonly slots: number;
  readonly #times: Float64Array;
  readonly #series = new Map<string, Float64Array>();
  /** Where the next sample goes. */
  #head = 0;
  #filled = 0;

  constructor(slots: number) {
    this.slots = slots;
    this.#times = new Float64Array(slots);
  }

  /** Samples taken so far, at most `slots`. */
  get length(): number {
    return this.#filled;
  }

  /** The last sample's time (Unix ms), 0 before any. */
  get lastAt(): number {
    return this.#filled === 0 ? 0 : this.#times[(this.#head + this.slots - 1) % this.slots]!;
  }

  /** One sample: the series not given are left empty in it; new names beyond `MAX_SERIES` are dropped. */
  push(at: number, values: ReadonlyMap<string, number>): void {
    const at_ = this.#head;
    this.#times[at_] = at;
    for (const array of this.#series.values()) array[at_] = Number.NaN;
    for (const [name, value] of values) {
      let array = this.#series.get(name);
      if (!array) {
        if (this.#series.size >= MAX_SERIES) continue;
        this.#series.set(name, (array = new Float64Array(this.slots).fill(Number.NaN)));
      }
      array[at_] = value;
    }
    this.#head = (at_ + 1) % this.slots;
    this.#filled = Math.min(this.slots, this.#filled + 1);
  }

  /** The last value of a series, or undefined. */
  last(name: string): number | undefined {
    if (this.#filled === 0) return undefined;
    const value = this.#series.get(name)?.[(this.#head + this.slots - 1) % this.slots];
    return value === undefined || Number.isNaN(value) ? undefined : value;
  }

  /** The numbers it holds: one per slot per series, and the times. What the bound is checked on. */
  footprint(): { series: number; numbers: number } {
    let numbers = this.#times.length;
    for (const array of this.#series.values()) numbers += array.length;
    return { series: this.#series.size, numbers };
  }

  toJSON(): HistoryJson {
    const order = Array.from(
      { length: this.#filled },
      (_, i) => (this.#head - this.#filled + i + this.slots) % this.slots,
    );
    const series: Record<string, (number | null)[]> = {};
    for (const [name, array] of this.#series) {
      series[name] = order.map((i) => {
        const value = array[i]!;
        return Number.isNaN(value) ? null : Math.round(value * 1000) / 1000;
      });
    }
    return { times: order.map((i) => this.#times[i]!), series };
  }
}
