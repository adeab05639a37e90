/** @module `npm start`: Sleeve on Node, configured from the environment. */
import { holdToPlan } from '../launch/heap-limit.ts';

// Held to the memory plan first (it may start the process again), then the server is loaded.
await holdToPlan(process.env);
const [{ nodeRuntime }, { start }] = await Promise.all([import('./runtime.ts'), import('../launch/start.ts')]);
await start(nodeRuntime());
