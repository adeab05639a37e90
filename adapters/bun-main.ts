/** @module `npm run start:bun`: Sleeve on Bun, configured from the environment. */
import { bunRuntime } from './bun-runtime.ts';
import { start } from './start.ts';

await start(bunRuntime());
