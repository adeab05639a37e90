/**
 * @module
 * A request's count of the upstream requests made for it, for its log line: the request log
 * makes one per request and hands it to the request's scope (`scope.ts`), each call is told of
 * each request it sends (`call/report.ts`), and the log line reads the figure. The count is the
 * tally's own: nothing else writes it.
 */

export interface UpstreamTally {
  /** Upstream requests sent so far, each try and each redirect one. */
  readonly upstream: number;
  /** One more request sent. */
  sent(): void;
}

export function upstreamTally(): UpstreamTally {
  let sent = 0;
  return {
    get upstream() {
      return sent;
    },
    sent() {
      sent++;
    },
  };
}
