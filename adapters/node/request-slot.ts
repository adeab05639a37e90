/**
 * @module
 * Where `@hono/node-server`'s lazy Request keeps what one of its getters made (a symbol of its
 * own), found on the first request by asking the getter once and looking for the same value
 * among the Request's own symbols; null when it keeps it elsewhere (another version), and the
 * caller then leaves that part of the Request as it is. Its URL (`request-url.ts`) and its
 * headers (`message-headers.ts`) are each found this way.
 */

/** A finder for one getter's slot: it asks `read` on the first request only, then answers from what it found. */
export function requestSlot(read: (request: Request) => unknown): (request: Request) => symbol | null {
  let kept: symbol | null | undefined;
  return (request) => {
    if (kept === undefined) {
      const made = read(request);
      kept = Object.getOwnPropertySymbols(request).find((symbol) => Reflect.get(request, symbol) === made) ?? null;
    }
    return kept;
  };
}
