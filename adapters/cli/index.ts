#!/usr/bin/env node
/**
 * @module
 * The `sleeve` command (the published package's `bin`, JSR's `./cli` export, and in a checkout
 * `npm start`, `start:bun`, `start:deno` and `npx sleeve`). First the runtime is
 * held to the memory plan (`launch/heap-limit.ts`), which may start the process again, so nothing of
 * the server is loaded before that; `--help`, `--version` and `--probe` need no server and no plan.
 */
import { holdToPlan } from '../launch/heap-limit.ts';

const deno = (globalThis as unknown as { Deno?: { args: string[]; env: { toObject(): Record<string, string> } } }).Deno;
const args = deno ? deno.args : process.argv.slice(2);
if (!args.some((arg) => /^(-h|--help|-v|--version|--probe(=.*)?)$/.test(arg)))
  await holdToPlan(deno ? deno.env.toObject() : process.env);
await import('./main.ts');
