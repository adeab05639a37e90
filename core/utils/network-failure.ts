/**
 * @module
 * Why a connection failed before any answer, in words an operator can act on: "connection
 * refused", "name not resolved", "timed out", a TLS failure, "connection reset". Node, Bun and
 * Deno each say it their own way (Node's `fetch failed` with a `cause` carrying `ECONNREFUSED`;
 * Bun's `ECONNREFUSED: Unable to connect`; Deno's `client error (Connect): dns error: ...`), so
 * the error, its causes and their codes are read together and matched against all three. A
 * leaf: an upstream call (`kit/call/call.ts`) and the Redis storage (`storage/redis.ts`,
 * whose client says `connect ECONNREFUSED` and `Command timed out`) word their failures here.
 *
 * Also whether another try may go better (`kit/call/call.ts` retries): a refused or reset
 * connection can be a restart or a load balancer's hiccup, where a name that does not resolve,
 * a certificate that does not verify or a port fetch will not use are the same next time.
 */

type FailureKind = 'refused' | 'dns' | 'timeout' | 'tls' | 'reset' | 'port' | 'other';

export interface NetworkFailure {
  readonly kind: FailureKind;
  /** For the error message: `connection refused`, `name not resolved (ENOTFOUND)`. */
  readonly words: string;
  /** Worth another try (see above). */
  readonly transient: boolean;
}

const KINDS: readonly [FailureKind, RegExp, string][] = [
  ['refused', /ECONNREFUSED|ConnectionRefused|connection refused/i, 'connection refused'],
  // EAI_AGAIN is a resolver that did not answer in time: the one DNS failure worth a retry (below).
  [
    'dns',
    /ENOTFOUND|EAI_AGAIN|EAI_NONAME|dns error|failed to lookup|getaddrinfo|Name or service not known/i,
    'name not resolved',
  ],
  // A connection or a reply that did not come in time: worth another try, as an unknown failure is.
  ['timeout', /ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|timed out|TimedOut/i, 'timed out'],
  ['tls', /CERT|TLS|SSL|certificate|handshake/i, 'TLS failed'],
  ['port', /bad port|are blocked/i, 'a port fetch refuses to use'],
  [
    'reset',
    /ECONNRESET|EPIPE|socket hang up|UND_ERR_SOCKET|other side closed|connection reset|connection closed|ConnectionClosed/i,
    'connection reset',
  ],
];

/** Every message and code along the error's `cause` chain, joined: what the patterns read. */
function said(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error, depth = 0; at !== undefined && at !== null && depth < 5; depth++) {
    if (typeof at !== 'object') {
      parts.push(String(at));
      break;
    }
    const { code, message, cause } = at as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') parts.push(code);
    if (typeof message === 'string') parts.push(message);
    at = cause;
  }
  return parts.join(' | ');
}

/** What stopped a fetch, or a connection, that never answered. */
export function networkFailure(error: unknown): NetworkFailure {
  const text = said(error);
  for (const [kind, pattern, words] of KINDS) {
    if (!pattern.test(text)) continue;
    const code = /\b(E[A-Z_]{3,}|UND_ERR_[A-Z_]+)\b/.exec(text)?.[1];
    const transient = kind === 'refused' || kind === 'reset' || kind === 'timeout' || code === 'EAI_AGAIN';
    return { kind, words: code === undefined ? words : `${words} (${code})`, transient };
  }
  // Unknown: the runtime's own words, cut short; tried again, as a network hiccup most likely is.
  const last = text.split(' | ').at(-1) ?? 'unknown error';
  return { kind: 'other', words: last.slice(0, 160), transient: true };
}
