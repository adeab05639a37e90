/**
 * @module
 * What a cache key and the hit path read of a request (`hit-path.ts`): its method, its URL, a
 * few headers. Every request enters as a web `Request` (D70), which is one; a test may give less.
 */
export interface RequestView {
  readonly method: string;
  readonly url: string;
  /** Header names are asked in lower case (a web `Headers` does not mind either way). */
  readonly headers: HeaderReader & { has(name: string): boolean };
  /** A web Request's; a view of a request answered at once has none. */
  readonly signal?: AbortSignal;
}

/**
 * What the frame's rules read of a request's headers (`requestIdFrom`, `namesContact`,
 * `clientIpOf`): a web `Headers`, or a view of a Node message's. Names are asked in lower case.
 */
export interface HeaderReader {
  get(name: string): string | null;
}
