/**
 * @module
 * `npm start`: the `sleeve` command on Node (`adapters/cli/`), so it takes the same flags
 * (`npm start -- --port 9000 --mode live`, `npm start -- --help`) over the same environment.
 */
import '../cli/index.ts';
