/** @module `npm start`: Sleeve on Node, configured from the environment. */
import { nodeRuntime } from './node-runtime.ts';
import { start } from './start.ts';

await start(nodeRuntime());
