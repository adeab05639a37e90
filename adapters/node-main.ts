/** @module `npm start`: Sleeve on Node, configured from the environment. */
import { readFile } from 'node:fs/promises';
import { serve } from './node.ts';
import { start } from './start.ts';

await start({
  name: `node ${process.version}`,
  env: process.env,
  readFile: async (path) => new Uint8Array(await readFile(path)),
  serve: async (options) => {
    const { url, sleeve } = await serve(options);
    return { url, mode: sleeve.deps.summary, storage: sleeve.deps.options.storageName };
  },
  exit: (code) => process.exit(code),
});
