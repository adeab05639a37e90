/**
 * @module
 * The one coalescer: work under way, by key, shared by whoever asks for that key before it
 * ends, so identical requests in flight cost one. Every in-flight share in core is one of these:
 * the cache layer's misses, the drivers' named caches and ReccoBeats' batches (through the kit's
 * `shareWork`, which adds who may abort the work), Deezer's pictures. What the work is (a
 * promise, a shared call) is the user's; so is who may stop it: the map only says who shares.
 *
 * One work may serve several keys (a batch of ISRCs): each key then shares it, and forgetting it
 * frees only the keys still its own, so a key taken over by newer work is left to that work.
 */

export interface InFlight<W> {
  /** The work under way for `key`, if any. */
  get(key: string): W | undefined;
  has(key: string): boolean;
  /** Keys with work under way. */
  readonly size: number;
  /**
   * Registers `work` for each of `keys`; the function returned forgets it (call it once the
   * work settles or nobody waits for it any more), for the keys still its own.
   */
  add(keys: string | readonly string[], work: W): () => void;
  /**
   * The work under way for `key`, or the one `start` makes, registered before anyone else can
   * ask. `start` is given the forgetting function `add` returns; it must not call it before returning.
   */
  share(key: string, start: (forget: () => void) => W): W;
}

export function inFlight<W>(): InFlight<W> {
  const works = new Map<string, W>();
  const add = (keys: string | readonly string[], work: W): (() => void) => {
    const all = typeof keys === 'string' ? [keys] : keys;
    for (const key of all) works.set(key, work);
    return () => {
      for (const key of all) if (works.get(key) === work) works.delete(key);
    };
  };
  return {
    get: (key) => works.get(key),
    has: (key) => works.has(key),
    get size() {
      return works.size;
    },
    add,
    share(key, start) {
      const under = works.get(key);
      if (under !== undefined) return under;
      let forget: () => void = () => {};
      const work = start(() => forget());
      forget = add(key, work);
      return work;
    },
  };
}

/**
 * A shared promise's value for one waiter, who leaves with its own signal's reason when that
 * aborts first: the work goes on for the others, and only its own timeout or owner stops it.
 */
export function awaitUnlessAborted<T>(shared: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return shared;
  return new Promise<T>((resolve, reject) => {
    const leave = () => reject(signal.reason);
    signal.addEventListener('abort', leave, { once: true });
    shared.then(
      (value) => {
        signal.removeEventListener('abort', leave);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', leave);
        reject(error);
      },
    );
  });
}
