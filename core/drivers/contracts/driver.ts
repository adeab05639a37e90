/**
 * @module
 * What every driver contract shares: a name, a health probe, and calls that carry their
 * request's scope and honour its abort signal.
 */

import type { RequestScope } from '../kit/scope.ts';

export type { RequestScope };

/**
 * What every call may carry: its request's scope (`kit/scope.ts`), made by the frame as the
 * route starts: whose request it is, its bounds, and the abort signal every driver honours.
 */
export interface CallOptions {
  scope?: RequestScope | undefined;
}

/** The outcome of a health probe: the HTTP status seen, 0 when unreachable. */
export interface ProbeResult {
  ok: boolean;
  status: number;
}

export interface Probed {
  /** Short driver name used in logs and errors: `catalog`, `deezer`, ... */
  readonly name: string;
  /**
   * What `probe` asks, in a few words, for `/healthz`'s `X-Sleeve-Checked` header: `demo
   * catalogue`. Without it, `name` is said (`deezer`): never an address, which that public
   * header would show anyone (D61).
   */
  readonly probes?: string;
  probe(options?: CallOptions): Promise<ProbeResult>;
  /**
   * When a real call to what `probe` asks last succeeded (the Sleeve's clock, Unix ms; 0 before
   * any): `/healthz` takes a recent one in place of a probe of its own. Absent where there is
   * no upstream to ask (the demo catalogue).
   */
  answeredAt?(): number;
}
