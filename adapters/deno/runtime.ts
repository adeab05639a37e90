/** @module Deno as the runnable entries see it (`npm run start:deno`, and `deno run -A npm:sleeve`). */
import { serve } from './index.ts';
import { served, type Runtime } from '../launch/start.ts';

declare const Deno: {
  version: { deno: string };
  env: { toObject(): Record<string, string> };
  readFile(path: string): Promise<Uint8Array>;
  exit(code: number): never;
};

export function denoRuntime(): Runtime {
  return {
    name: `deno ${Deno.version.deno}`,
    env: Deno.env.toObject(),
    readFile: (path) => Deno.readFile(path),
    serve: async (options) => served(await serve(options)),
    exit: (code) => Deno.exit(code),
  };
}
