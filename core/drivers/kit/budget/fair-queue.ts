/**
 * @module
 * The waiters of one upstream budget, served client by client: the next turn goes
 * to the waiting client that has used the least of the budget lately, so a client that has
 * used none of it is served next whatever another has queued, and clients that use alike take
 * turns (round robin: ties go to the client whose first waiter came first). Within a client,
 * first come, first served.
 *
 * "Lately" is a count of turns that fades over a minute (`USE_DECAY_MS`, the span the rate
 * limits count a client's requests in): a client that floods now stays behind quieter ones
 * until their use over the last minute or so catches up with its own (deficit-weighted,
 * max-min fair), and is fresh again a few minutes after it stops. Not the upstream's 5-s
 * window: over 5 s a quiet client whose few requests each make a few calls soon weighs as much
 * as a flood the budget has been refusing, and the two would alternate, doubling its waits. A
 * client is whatever string the caller names (the request's scope, `scope.ts`: its address); calls
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
 * Lanes, served strictly in order: every client's fresh requests (`FRESH`), then the
 * deferred answers a 503 promised (`DEFERRED`, `http/cache/deferred.ts`), then cache
 * refreshes (`REFRESH`). A lane is served only when every lane before it has nobody waiting, and
 * the rules above hold within the fresh and refresh lanes: a deferred answer does not run in its client's own lane,
 * where that client's fresh requests would queue behind work it was already told to wait for.
 *
 * The deferred lane is served in the order of its promises instead (`due`, earliest first: the
 * order the promises were made in, `deferred.ts`), since a promise kept late is a promise broken
 * whoever's it is; fairness between clients was had when the promises were made (each client's
 * are bounded). And a promise is kept even while fresh requests take every turn: a deferred
 * waiter whose `due` has come goes before every lane, fresh requests' continuing calls included,
 * and keeps that place when a client's request for the same answer moved it to the fresh lane.
 * Waiters without a `due` are served client by client, as in the other lanes.
 *
 * Memory: waiters are bounded by the budget (`maxQueue`, `maxPerClient`); the use of clients
 * with no waiter is kept for `MAX_REMEMBERED` of them, past which the faded ones are forgotten.
 */

/** How fast use fades: e-fold time of the count of turns a client took (see above). */
export const USE_DECAY_MS: number = 60_000;
/** Idle clients whose use is remembered at most; past it, the ones under one recent turn go. */
export const MAX_REMEMBERED: number = 4096;

/** The lanes, in the order they are served. */
export const FRESH = 0;
export const DEFERRED = 1;
export const REFRESH = 2;
export type Lane = typeof FRESH | typeof DEFERRED | typeof REFRESH;
const LANES: readonly Lane[] = [FRESH, DEFERRED, REFRESH];

export interface Queued {
  readonly client: string;
  /** Its request has had a turn already: served before its lane's first calls (see above). */
  readonly continuing?: boolean;
  /** Its lane; `FRESH` unless said (or its client is the queue's `lowest`, then `REFRESH`). */
  readonly lane?: Lane;
  /**
   * A deferred answer's: from when it goes before every lane (see above), in the deferred lane or
   * in the fresh one once hurried (a client waiting on it must not make its promise late); read as
   * it is served, since a promise may move.
   */
  readonly due?: number;
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
  /** Waiters of `client` in `lane` (in every lane when none is named). */
  countOf(client: string, lane?: Lane): number;
  /** Waiters in `lane`. */
  sizeOf(lane: Lane): number;
  add(waiter: W): void;
  /** Removes a waiter wherever it is; false if it was not queued. */
  remove(waiter: W): boolean;
  /**
   * The waiter whose turn is next (left queued): a deferred waiter whose `due` has come; else in the first lane
   * with waiters, the first continuing one, else the first of the least-used client (the deferred lane: the first promised).
   */
  next(now: number): W | undefined;
  /** `client` took a turn at `now` (from the queue or not). */
  served(client: string, now: number): void;
  /** Each waiting client's waiters in `lane` (every lane when none is named), first come first. */
  byClient(lane?: Lane): IterableIterator<readonly W[]>;
  /** The last waiter of the fresh or refresh lane's client with the most waiters, if it has more than `than`. */
  longestTail(than: number): W | undefined;
  /** Every waiter, for those that must all leave at once. */
  all(): W[];
}

/** One lane: its clients' waiters, and its continuing ones first come first served. */
interface LaneQueue<W> {
  waiting: Map<string, Set<W>>;
  continuing: Set<W>;
  size: number;
}

/**
 * `lowest` names a client whose calls are all `REFRESH` (the budget's background refreshes,
 * `scope.ts` `BACKGROUND`): its waiters never take a turn another lane could use.
 */
export function fairQueue<W extends Queued>(decayMs: number = USE_DECAY_MS, lowest?: string): FairQueue<W> {
  const lanes: LaneQueue<W>[] = LANES.map(() => ({ waiting: new Map(), continuing: new Set(), size: 0 }));
  // Insertion order of a client's Set is its FIFO; a waiter's arrival number breaks ties.
  const arrival = new Map<W, number>();
  const use = new Map<string, Use>();
  let size = 0;
  let arrivals = 0;

  const dueLanes = [lanes[DEFERRED]!, lanes[FRESH]!];
  const laneOf = (waiter: W): LaneQueue<W> =>
    lanes[waiter.client === lowest && lowest !== undefined ? REFRESH : (waiter.lane ?? FRESH)]!;
  const usedBy = (client: string, now: number): number => {
    const u = use.get(client);
    return u === undefined ? 0 : u.value * Math.exp(-Math.max(0, now - u.at) / decayMs);
  };
  const waits = (client: string): boolean => lanes.some((lane) => lane.waiting.has(client));
  const forget = (now: number) => {
    for (const [client, u] of use)
      if (!waits(client) && u.value * Math.exp(-(now - u.at) / decayMs) < 1) use.delete(client);
    if (use.size <= MAX_REMEMBERED) return;
    for (const client of use.keys()) if (!waits(client)) use.delete(client);
  };
  /** The waiter of `from` promised earliest (first come among equals), if any has a promise. */
  const firstDue = (from: readonly LaneQueue<W>[]): W | undefined => {
    let best: W | undefined;
    let bestDue = Infinity;
    let bestArrival = Infinity;
    for (const lane of from)
      for (const mine of lane.waiting.values())
        for (const waiter of mine) {
          const due = waiter.due ?? Infinity;
          const came = arrival.get(waiter)!;
          if (due < bestDue || (due === bestDue && due !== Infinity && came < bestArrival)) {
            best = waiter;
            bestDue = due;
            bestArrival = came;
          }
        }
    return best;
  };
  const nextIn = (lane: LaneQueue<W>, now: number): W | undefined => {
    if (lane === lanes[DEFERRED]) {
      const promised = firstDue([lane]);
      if (promised) return promised;
    }
    const goingOn = lane.continuing.values().next();
    if (goingOn.done !== true) return goingOn.value;
    let best: W | undefined;
    let bestUse = Infinity;
    let bestArrival = Infinity;
    for (const [client, mine] of lane.waiting) {
      const head = mine.values().next().value!;
      const used = usedBy(client, now);
      const came = arrival.get(head)!;
      if (used < bestUse || (used === bestUse && came < bestArrival)) {
        best = head;
        bestUse = used;
        bestArrival = came;
      }
    }
    return best;
  };

  return {
    get size() {
      return size;
    },
    get remembered() {
      return use.size;
    },
    countOf: (client, lane) =>
      lane === undefined
        ? lanes.reduce((sum, l) => sum + (l.waiting.get(client)?.size ?? 0), 0)
        : (lanes[lane]!.waiting.get(client)?.size ?? 0),
    sizeOf: (lane) => lanes[lane]!.size,
    add(waiter) {
      const lane = laneOf(waiter);
      let mine = lane.waiting.get(waiter.client);
      if (!mine) lane.waiting.set(waiter.client, (mine = new Set()));
      mine.add(waiter);
      if (waiter.continuing === true && lane !== lanes[REFRESH]) lane.continuing.add(waiter);
      arrival.set(waiter, arrivals++);
      lane.size++;
      size++;
    },
    remove(waiter) {
      const lane = laneOf(waiter);
      const mine = lane.waiting.get(waiter.client);
      if (!mine?.delete(waiter)) return false;
      lane.continuing.delete(waiter);
      arrival.delete(waiter);
      if (mine.size === 0) lane.waiting.delete(waiter.client);
      lane.size--;
      size--;
      return true;
    },
    next(now) {
      // A hurried deferred answer's calls are in the fresh lane and keep their promise's moment there.
      const promised = firstDue(dueLanes);
      if (promised && promised.due! <= now) return promised;
      for (const lane of lanes) if (lane.size > 0) return nextIn(lane, now);
      return undefined;
    },
    served(client, now) {
      use.set(client, { value: usedBy(client, now) + 1, at: now });
      if (use.size > MAX_REMEMBERED) forget(now);
    },
    byClient: (lane) =>
      (lane === undefined ? lanes : [lanes[lane]!])
        .flatMap((l) => Array.from(l.waiting.values(), (mine) => [...mine]))
        .values(),
    longestTail(than) {
      let longest: Set<W> | undefined;
      for (const lane of [lanes[FRESH]!, lanes[REFRESH]!])
        for (const mine of lane.waiting.values()) if (mine.size > (longest?.size ?? than)) longest = mine;
      return longest ? [...longest].at(-1) : undefined;
    },
    all: () => lanes.flatMap((lane) => [...lane.waiting.values()].flatMap((mine) => [...mine])),
  };
}
