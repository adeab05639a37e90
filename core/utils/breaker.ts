/**
 * @module
 * The one breaker: what stops Sleeve asking something that is failing, for a cool-down, then
 * finds out whether it is back. The storage's (`breaker`, in storage: its calls skipped, their
 * fallbacks answered) and each upstream's (`createCircuit`, in the kit: its calls refused at
 * once) are this breaker with their own rules; how a refused call is answered is theirs.
 *
 * Closed, it counts the calls that end (`BreakerRules.trips` says when they open it). Open, it admits
 * no call until the cool-down has passed; then, by `BreakerRules.recovery`, one trial call at a time
 * (`trial`: its success closes it, its failure opens it again, another error leaves the next
 * call to try), every call (`every-call`: a success closes it, a failure opens it again), or
 * none until the owner's own probe says it is back (`probe`: `recovered`, `reopen`).
 */

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerRules {
  /** The Sleeve's clock's `now`: cool-downs are read on it. */
  now(): number;
  cooldownMs: number;
  /**
   * Counts one call that ended while closed, at `at`; true opens the breaker. The storage
   * opens on any failure; an upstream on a failure rate over a window.
   */
  trips(at: number, failed: boolean): boolean;
  /** Forgets what `trips` counted: called as the breaker closes. */
  reset?(): void;
  /**
   * How it finds out it is back once the cool-down has passed. With `trial`, only the trial
   * decides: a call admitted while closed that ends while open proves nothing. Otherwise every
   * call's end counts: a success closes it, a failure opens it for a new cool-down.
   */
  recovery: 'trial' | 'every-call' | 'probe';
  /** Told once as it opens (with what failed), once as it closes again. */
  onOpen?(cause: unknown): void;
  onClose?(): void;
}

/**
 * How a call ended: `ok`; `failed`, in a way that counts against what it calls; `other`, an
 * answer that is neither (a not-found: it works, and counts as a call that did); `unheard`, it
 * never reached what it calls (a refusal before it was sent, the caller's abort), and counts
 * for nothing: calls nobody answered must not water down the failures of a busy, dead upstream.
 */
type Outcome = 'ok' | 'failed' | 'other' | 'unheard';

/** One admitted call, handed back when it ends. */
export interface Ticket {
  readonly trial: boolean;
}

export interface Breaker {
  readonly state: BreakerState;
  /** When it may be tried again, on the rules' clock (while open). */
  readonly openUntil: number;
  /** A ticket to make one call, or undefined when the call must not be made now. */
  admit(): Ticket | undefined;
  /** The call ended (`Outcome`), with what failed it. */
  ended(ticket: Ticket, outcome: Outcome, cause?: unknown): void;
  /** The owner's probe found it back (`probe` recovery): closes it. */
  recovered(): void;
  /** The owner's probe failed: another cool-down, if it is still open. */
  reopen(cause: unknown): void;
}

const CLOSED_CALL: Ticket = { trial: false };
const TRIAL_CALL: Ticket = { trial: true };

export function createBreaker(rules: BreakerRules): Breaker {
  const { now } = rules;
  let opened = false;
  let openUntil = 0;
  let trying = false;

  const open = (at: number, cause: unknown) => {
    openUntil = at + rules.cooldownMs;
    if (!opened) rules.onOpen?.(cause);
    opened = true;
  };
  const close = () => {
    rules.reset?.();
    if (opened) rules.onClose?.();
    opened = false;
    openUntil = 0;
  };
  const state = (): BreakerState => {
    if (!opened) return 'closed';
    if (rules.recovery === 'probe' || now() < openUntil || trying) return 'open';
    return 'half-open';
  };

  return {
    get state() {
      return state();
    },
    get openUntil() {
      return openUntil;
    },
    admit() {
      const current = state();
      if (current === 'open') return undefined;
      if (current === 'half-open' && rules.recovery === 'trial') {
        trying = true;
        return TRIAL_CALL;
      }
      return CLOSED_CALL;
    },
    ended(ticket, outcome, cause) {
      if (ticket.trial) {
        trying = false;
        if (outcome === 'ok') close();
        else if (outcome === 'failed') open(now(), cause);
        return;
      }
      if (outcome === 'unheard') return;
      if (!opened) {
        // Counted, but a success never opens it: only an error can be what tips the rate.
        const tipped = rules.trips(now(), outcome === 'failed');
        if (tipped && outcome !== 'ok') open(now(), cause);
      } else if (rules.recovery !== 'trial') {
        if (outcome === 'failed') open(now(), cause);
        else if (outcome === 'ok') close();
      }
    },
    recovered: close,
    reopen(cause) {
      // Closed meanwhile (a call under way came back): the probe's failure is not an outage of its own.
      if (opened) open(now(), cause);
    },
  };
}
