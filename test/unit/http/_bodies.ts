/**
 * @module
 * Request bodies for the frame's body tests: one that never ends (counting how often it was
 * asked for data), one that stalls, one cut off as by a disconnect; and a time bound, since the
 * holes these tests cover showed as requests that never got an answer.
 */
/**
 * A body that never ends and counts how often it was asked for data: 1 MiB per pull, then,
 * after 16 MiB, nothing more (a reader that takes everything hangs instead of filling memory).
 */
export function endless(): { stream: ReadableStream<Uint8Array>; pulls: () => number } {
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (++pulls > 16) return new Promise<void>(() => {});
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => pulls };
}

/** Rejects when `promise` takes longer than `ms`: today's frame hangs on these requests. */
export function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);
}

/** Sends `first`, then never another byte and never the end. */
export function stalling(first: string): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(first)) });
}

/** Sends `first`, then fails as a runtime's body does when the client disconnects. */
export function cutOff(first: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream(
    {
      pull(c) {
        if (sent) return c.error(new TypeError('terminated'));
        sent = true;
        c.enqueue(new TextEncoder().encode(first));
      },
    },
    { highWaterMark: 0 },
  );
}
