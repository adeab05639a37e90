/**
 * @module
 * `npm run start:deno`: the `sleeve` command on Deno (`adapters/cli/`), with the same flags
 * (`npm run start:deno -- --port 9000`) over the same environment.
 */
import '../cli/index.ts';
