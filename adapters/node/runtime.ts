/** @module Node as the runnable entries see it (`npm start`, and the `sleeve` command on Node). */
import { readFile } from 'node:fs/promises';
import { serve } from './index.ts';
import { served, type Runtime } from '../launch/start.ts';

export function nodeRuntime(): Runtime {
  return {
    name: `node ${process.version}`,
    env: process.env,
    // A view of the Buffer, not a copy: at 1M tracks the file is half a gigabyte.
    readFile: async (path) => {
      const bytes = await readFile(path);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    serve: async (options) => served(await serve(options)),
    exit: (code) => process.exit(code),
  };
}
