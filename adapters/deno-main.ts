/** @module `npm run start:deno`: Sleeve on Deno, configured from the environment. */
import { serve } from './deno.ts';
import { start } from './start.ts';

declare const Deno: { version: { deno: string }; env: { toObject(): Record<string, string> }; readFile(path: string): Promise<Uint8Array>; exit(code: number): never };

await start({
  name: `deno ${Deno.version.deno}`,
  env: Deno.env.toObject(),
  readFile: (path) => Deno.readFile(path),
  serve: async (options) => {
    const { url, sleeve } = await serve(options);
    return { url, mode: sleeve.deps.summary, storage: sleeve.deps.options.storageName };
  },
  exit: (code) => Deno.exit(code),
});
