/**
 * Deno (real binary): h2c and disconnects. Deno.serve (2.9) has no idle or header timeout and
 * no connection cap, so SLEEVE_IDLE_TIMEOUT_MS, SLEEVE_HEADERS_TIMEOUT_MS and
 * SLEEVE_MAX_CONNECTIONS are not enforced there (README): nothing to test but that it starts.
 */
import { runtimeChecks } from './_runtime.ts';

runtimeChecks({ name: 'Deno', script: 'start:deno' });
