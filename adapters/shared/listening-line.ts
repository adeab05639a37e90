/**
 * @module
 * The one line a server prints once it listens, the same from every entry (`start.ts`, and
 * `sleeve/deno-deploy`'s `onListen` under `deno serve`): where, in which mode, on which
 * storage, on which runtime, and the address its socket is bound to (`listen-address.ts`)
 * when the server says it.
 */

export function listeningLine(
  url: string,
  served: { mode: string; storage: string; bound?: string },
  runtime: string,
): string {
  const bound = served.bound === undefined ? '' : ` on ${served.bound}`;
  return `sleeve listening on ${url} (${served.mode}, ${served.storage} storage, ${runtime})${bound}`;
}
