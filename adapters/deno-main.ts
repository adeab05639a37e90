/** @module `npm run start:deno`: Sleeve on Deno, configured from the environment. */
import { denoRuntime } from './deno-runtime.ts';
import { start } from './start.ts';

await start(denoRuntime());
