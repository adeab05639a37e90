/** @module `npm run start:bun`: Sleeve on Bun, configured from the environment. */
/// <reference types="bun-types" />
import { serve } from './bun.ts';
import { start } from './start.ts';

await start({
  name: `bun ${Bun.version}`,
  env: Bun.env,
  readFile: async (path) => new Uint8Array(await Bun.file(path).arrayBuffer()),
  serve: async (options) => {
    const { url, sleeve } = serve(options);
    return { url, mode: sleeve.deps.summary, storage: sleeve.deps.options.storageName };
  },
  exit: (code) => process.exit(code),
});
