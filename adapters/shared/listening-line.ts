/**
 * @module
 * The one line a server prints once it listens, the same from every entry (`start.ts`, and
 * `sleeve/deno-deploy`'s `onListen` under `deno serve`): where, in which mode, on which
 * storage, on which runtime.
 */

export function listeningLine(url: string, served: { mode: string; storage: string }, runtime: string): string {
  return `sleeve listening on ${url} (${served.mode}, ${served.storage} storage, ${runtime})`;
}
