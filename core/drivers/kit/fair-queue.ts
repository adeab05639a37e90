/**
 * @module
 * The waiters of one upstream budget, served client by client (issue 35): the next turn goes
 * to the waiting client that has used the least of the budget lately, so a client that has
 * used none of it is served next whatever another has queued, and clients that use alike take
 * turns (round robin: ties go to the client whose first waiter came first). Within a client,
 * first come, first served.
 *
 * "Lately" is a count of turns that fades over a minute (`USE_DECAY_MS`, the span D8's rate
 * limits count a client's requests in): a client that floods now stays behind quieter ones
 * until their use over the last minute or so catches up with its own (deficit-weighted,
 * max-min fair), and is fresh again a few minutes after it stops. Not the upstream's 5-s
 * window: over 5 s a quiet client whose few requests each make a few calls soon weighs as much
 * as a flood the budget has been refusing, and the two would alternate, doubling its waits. A
 * client is whatever string the caller names (`tally.ts`: D8's address of the request); calls
 * no request made share one name. Turns taken without waiting count too (`served`), so a
 * client that had the budget to itself is not fresh the moment others arrive.
 *
 * A waiter that continues a request already under way (`continuing`: its request has had a turn)
 * goes before every new request's first call, first come first served: an answer that needs
 * calls one after another (an artist's record, then its top tracks) would otherwise send each
 * later call behind every fresh client, and under a flood of cold requests most of those would
 * reach the 3-s bound after spending calls, answered 503 for nothing. A client's first call is
 * still served by use, so a flood of its requests starts no faster; it only finishes them.
 *
 * Memory: waiters are bounded by the budget (`maxQueue`, `maxPerClient`); the use of clients
 * with no waiter is kept for `MAX_REMEMBERED` of them, past which the faded ones are forgotten.
 */

/** How fast use fades: e-fold time of the count of turns a client took (see above). */
export const USE_DECAY_MS: number = 60_000;
/** Idle clients whose use is remembered at most; past it, the ones under one recent turn go. */
export const MAX_REMEMBERED: number = 4096;

export interface Queued {
  readonly client: string;
  /** Its request has had a turn already: served before new requests' first calls (see above). */
  readonly continuing?: boolean;
}

interface Use {
  value: number;
  at: number;
}

export interface FairQueue<W extends Queued> {
  /** Waiters in all. */
  readonly size: number;
  /** Clients whose use is remembered (bounded by `MAX_REMEMBERED` and the waiting ones). */
  readonly remembered: number;
  /** Waiters of `client`. */
  countOf(client: string): number;
  add(waiter: W): void;
  /** Removes a waiter wherever it is; false if it was not queued. */
  remove(waiter: W): boolean;
  /** The waiter whose turn is next (left queued): the first continuing one, else the first of the least-used waiting client. */
  next(now: number): W | undefined;
  /** `client` took a turn at `now` (from the queue or not). */
  served(client: string, now: number): void;
  /** Each waiting client's waiters, first come first: for estimates of when each can go. */
  byClient(): IterableIterator<readonly W[]>;
  /** The last waiter of the client with the most waiters, if it has more than `than`. */
  longestTail(than: number): W | undefined;
  /** Every waiter, for those that must all leave at once. */
  all(): W[];
}

/**
 * `lowest` names a lane served only when no other client waits (the budget's background
 * refreshes, `tally.ts` `BACKGROUND`): its waiters never take a turn another client could use.
 */
export function fairQueue<W extends Queued>(decayMs: number = USE_DECAY_MS, lowest?: string): FairQueue<W> {
  // Insertion order of a client's Set is its FIFO; a waiter's arrival number breaks ties.
  const waiting = new Map<string, Set<W>>();
  // Continuing waiters (never the lowest lane's), first come first served.
  const continuing = new Set<W>();
  const arrival = new WeakMap<W, number>();
  const use = new Map<string, Use>();
  let size = 0;
  let arrivals = 0;

  const usedBy = (client: string, now: number): number => {
    const u = use.get(client);
    return u === undefined ? 0 : u.value * Math.exp(-Math.max(0, now - u.at) / decayMs);
  };
  const forget = (now: number) => {
    for (const [client, u] of use)
      if (!waiting.has(client) && u.value * Math.exp(-(now - u.at) / decayMs) < 1) use.delete(client);
    if (use.size <= MAX_REMEMBERED) return;
    for (const client of use.keys()) if (!waiting.has(client)) use.delete(client);
  };

  return {
    get size() {
      return size;
    },
    get remembered() {
      return use.size;
    },
    countOf: (client) => waiting.get(client)?.size ?? 0,
    add(waiter) {
      let mine = waiting.get(waiter.client);
      if (!mine) waiting.set(waiter.client, (mine = new Set()));
      mine.add(waiter);
      if (waiter.continuing === true && waiter.client !== lowest) continuing.add(waiter);
      arrival.set(waiter, arrivals++);
      size++;
    },
    remove(waiter) {
      const mine = waiting.get(waiter.client);
      if (!mine?.delete(waiter)) return false;
      continuing.delete(waiter);
      if (mine.size === 0) waiting.delete(waiter.client);
      size--;
      return true;
    },
    next(now) {
      const goingOn = continuing.values().next();
      if (goingOn.done !== true) return goingOn.value;
      let best: W | undefined;
      let bestUse = Infinity;
      let bestArrival = Infinity;
      let last: W | undefined;
      for (const [client, mine] of waiting) {
        const head = mine.values().next().value!;
        if (client === lowest) {
          last = head;
          continue;
        }
        const used = usedBy(client, now);
        const came = arrival.get(head)!;
        if (used < bestUse || (used === bestUse && came < bestArrival)) {
          best = head;
          bestUse = used;
          bestArrival = came;
        }
      }
      return best ?? last;
    },
    served(client, now) {
      use.set(client, { value: usedBy(client, now) + 1, at: now });
      if (use.size > MAX_REMEMBERED) forget(now);
    },
    byClient: () => Array.from(waiting.values(), (mine) => [...mine]).values(),
    longestTail(than) {
      let longest: Set<W> | undefined;
      for (const mine of waiting.values()) if (mine.size > (longest?.size ?? than)) longest = mine;
      return longest ? [...longest].at(-1) : undefined;
    },
    all: () => [...waiting.values()].flatMap((mine) => [...mine]),
  };
}
