/**
 * Bun (real binary): h2c, disconnects, and what Bun.serve closes. `idleTimeout` closes an
 * idle keep-alive connection, on a 4 s grain (1 s set: closed after about 4 s). A connection
 * silent from the start or trickling its headers is closed by Bun itself after 10 to 12 s,
 * whatever is set (measured with Bun 1.4.5; not checked here, to keep the suite short). Event
 * streams get their own allowance (`bun-limits.ts`): before it, Bun cut every stream at its
 * 10 s default, before the first 15 s heartbeat. Bun has no hook to count connections:
 * SLEEVE_MAX_CONNECTIONS and SLEEVE_HEADERS_TIMEOUT_MS are not enforced there (README).
 */
import { runtimeChecks } from './_runtime.ts';

runtimeChecks({ name: 'Bun', script: 'start:bun', timeouts: { idle: 7_000, streamWatch: 6_000 } });
