/**
 * @module
 * The `status` option (`SLEEVE_STATUS=1`, `SLEEVE_STATUS_TOKEN`): whether `/status` is served,
 * who may read it, and how often its history is sampled and the page polls. Apart from
 * `options.ts` so the status page's wiring is one file to read.
 */

/** Starts `tick` every `ms`; returns what stops it. Tests pass one they drive by hand. */
export type StatusTimer = (tick: () => void, ms: number) => () => void;

export interface StatusOptions {
  /**
   * When set, `/status` and its feed answer only a request carrying it: `Authorization: Bearer
   * <token>`, or `?token=<token>` (the page passes it on to its feed). Without it the page is
   * open to whoever reaches it: keep it behind the proxy, as `/metrics`.
   */
  token?: string;
  /** The history's resolution, ms (10 s). */
  sampleMs?: number;
  /** Samples held: 90 at 10 s are 15 minutes. */
  slots?: number;
  /** How often the page asks for fresh figures, ms (5 s). */
  pollMs?: number;
  /** The sampling timer; default the Sleeve's clock's, not holding the process open. */
  timer?: StatusTimer;
  /**
   * Where this instance runs, when the runtime limits what the page can show: `isolate` (a
   * Worker or Deno Deploy: figures are the isolate's, sampled while it lives and when read).
   */
  scope?: 'process' | 'isolate';
}

export interface ResolvedStatus {
  token: string | undefined;
  sampleMs: number;
  slots: number;
  pollMs: number;
  timer: StatusTimer | undefined;
  scope: 'process' | 'isolate';
}

const STATUS_SAMPLE_MS = 10_000;
const STATUS_SLOTS = 90;
const STATUS_POLL_MS = 5000;

export function resolveStatus(status: boolean | StatusOptions | undefined): ResolvedStatus | undefined {
  if (status === undefined || status === false) return undefined;
  const given = status === true ? {} : status;
  return {
    token: given.token === '' ? undefined : given.token,
    sampleMs: Math.max(100, given.sampleMs ?? STATUS_SAMPLE_MS),
    slots: Math.max(2, Math.floor(given.slots ?? STATUS_SLOTS)),
    pollMs: Math.max(100, given.pollMs ?? STATUS_POLL_MS),
    timer: given.timer,
    scope: given.scope ?? 'process',
  };
}

/** The `status` option as a Worker or Deno Deploy gives it: the same, its figures said to be the isolate's. */
export function inIsolate(status: boolean | StatusOptions | undefined): StatusOptions | undefined {
  if (status === undefined || status === false) return undefined;
  return { ...(status === true ? {} : status), scope: 'isolate' };
}
