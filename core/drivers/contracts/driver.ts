/**
 * @module
 * What every driver contract shares: a name, a health probe (D13), and calls that honour an
 * abort signal.
 */

/** What every call may carry: an abort signal, honoured by every driver. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** The outcome of a health probe (D13): the HTTP status seen, 0 when unreachable. */
export interface ProbeResult {
  ok: boolean;
  status: number;
}

export interface Probed {
  /** Short driver name used in logs and errors: `catalog`, `deezer`, ... */
  readonly name: string;
  /**
   * What `probe` asks, in a few words, for `/healthz`'s `X-Sleeve-Checked` header: `demo
   * catalogue`, or the upstream's base URL. Without it, `name` is said.
   */
  readonly probes?: string;
  probe(options?: CallOptions): Promise<ProbeResult>;
}
