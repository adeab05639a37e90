/**
 * @module
 * A held hit's answer written as it is. Core answers a hit synchronously with a Response of
 * plain parts: a status, the held bytes, one plain header object naming the length first
 * (`copied`, core's hit path). `@hono/node-server`'s Response keeps those parts as it was given
 * them, and its writer would write just them (`writeHead`, `end`), from an `async` listener
 * and after looking through the names for a length. Written here, synchronously, a hit skips
 * both. Any other answer is left to `@hono/node-server` (`listener.ts`).
 */
import type { ServerResponse } from 'node:http';
import { CONTENT_LENGTH } from '../../core/http/cache/entry.ts';

/** What `@hono/node-server`'s Response keeps of the arguments it was made with. */
type Parts = [status: number, body: unknown, headers: unknown];

/** The symbol it keeps them under, found on a Response of its own; null when it keeps none (another version). */
let partsSlot: symbol | null | undefined;

function partsOf(answer: Response): Parts | undefined {
  if (partsSlot === undefined) {
    const probe = new Response('', { headers: {} });
    partsSlot = Object.getOwnPropertySymbols(probe).find((symbol) => Array.isArray(Reflect.get(probe, symbol))) ?? null;
  }
  return partsSlot === null ? undefined : (answer as unknown as Record<symbol, Parts | undefined>)[partsSlot];
}

/** Writes `answer` when it is plain parts that tell their length, and says whether it did. */
export function wroteHeld(answer: Response, outgoing: ServerResponse): boolean {
  const parts = partsOf(answer);
  if (parts === undefined) return false;
  const [status, body, headers] = parts;
  if (!(body instanceof Uint8Array) || headers?.constructor !== Object) return false;
  const plain = headers as Record<string, string>;
  if (plain[CONTENT_LENGTH] === undefined) return false;
  outgoing.writeHead(status, plain);
  outgoing.end(body);
  return true;
}
