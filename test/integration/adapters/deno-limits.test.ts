/**
 * Deno (real binary): h2c and disconnects. Deno.serve (2.9) has no idle or header timeout and
 * no connection cap, so SLEEVE_IDLE_TIMEOUT_MS, SLEEVE_HEADERS_TIMEOUT_MS and
 * SLEEVE_MAX_CONNECTIONS are not enforced there (docs/http.md, Bounds): nothing to test but that it starts.
 */
import { runtimeChecks } from './_runtime.ts';

runtimeChecks({
  name: 'Deno',
  script: 'start:deno',
  // Deno passes any method on to Sleeve; its parser answers CONNECT and a malformed request
  // line with a bodiless 400 before any of Sleeve's code runs: no hook, so no shape (docs/http.md, Bounds).
  refusals: {
    'unknown method': 'legacy',
    'lower-case method': 'legacy',
    'method no route takes': 'legacy',
    CONNECT: 'bare',
    'raw space in the path': 'bare',
    'headers past 16 KB': 'legacy',
    'no Host header': 'legacy',
  },
});
