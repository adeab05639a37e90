/** @module Bun as the runnable entries see it (`npm run start:bun`, and `bunx sleeve`). */
/// <reference types="bun-types" />
import { serve } from './index.ts';
import { served, type Runtime } from '../launch/start.ts';

export function bunRuntime(): Runtime {
  return {
    name: `bun ${Bun.version}`,
    env: Bun.env,
    readFile: async (path) => new Uint8Array(await Bun.file(path).arrayBuffer()),
    serve: async (options) => served(serve(options)),
    exit: (code) => process.exit(code),
  };
}
