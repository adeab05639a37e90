/**
 * Bun (real binary): h2c, disconnects, and what Bun.serve closes. `idleTimeout` closes an
 * idle keep-alive connection, on a 4 s grain (1 s set: closed after about 4 s). A connection
 * silent from the start or trickling its headers is closed by Bun itself after 10 to 12 s,
 * whatever is set (measured with Bun 1.4.5; not checked here, to keep the suite short). Event
 * streams get their own allowance (`adapters/bun/limits.ts`): before it, Bun cut every stream at its
 * 10 s default, before the first 15 s heartbeat. Bun has no hook to count connections:
 * SLEEVE_MAX_CONNECTIONS and SLEEVE_HEADERS_TIMEOUT_MS are not enforced there (docs/http.md, Bounds).
 */
import { runtimeChecks } from './_runtime.ts';

runtimeChecks({
  name: 'Bun',
  script: 'start:bun',
  // Bun's parser closes on a method it does not know and answers a malformed request with a
  // bodiless status, before any of Sleeve's code runs: no hook, so no shape (docs/http.md, Bounds).
  refusals: {
    'unknown method': 'closed',
    'lower-case method': 'closed',
    'method no route takes': 'legacy',
    CONNECT: 'legacy',
    'raw space in the path': 'bare',
    'headers past 16 KB': 'bare',
    'no Host header': 'bare',
  },
  timeouts: { idle: 7_000, streamWatch: 6_000 },
});
