/**
 * @module
 * `npm run start:bun`: the `sleeve` command on Bun (`adapters/cli/`), with the same flags
 * (`npm run start:bun -- --port 9000`) over the same environment.
 */
import '../cli/index.ts';
