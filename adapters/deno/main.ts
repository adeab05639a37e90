/** @module `npm run start:deno`: Sleeve on Deno, configured from the environment. */
import { holdToPlan } from '../launch/heap-limit.ts';

// Held to the memory plan first (it may start the process again), then the server is loaded.
await holdToPlan(
  (globalThis as unknown as { Deno: { env: { toObject(): Record<string, string> } } }).Deno.env.toObject(),
);
const [{ denoRuntime }, { start }] = await Promise.all([import('./runtime.ts'), import('../launch/start.ts')]);
await start(denoRuntime());
