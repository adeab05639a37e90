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
  on: readonly string[] = [],
): string {
  const bound = served.bound === undefined ? '' : ` on ${served.bound}`;
  const also = on.length === 0 ? '' : `; serving ${on.join(', ')}`;
  return `sleeve listening on ${url} (${served.mode}, ${served.storage} storage, ${runtime})${bound}${also}`;
}

/**
 * What the operator turned on that is not served by default, for the end of the line: the
 * pages an operator opens (`/metrics`, `/status`, said with its token when it has one) and a
 * catalogue file of their own, so a start that ignored one of them shows it at a glance.
 */
export function turnedOn(
  options: { metrics?: boolean; status?: boolean | { token?: string } },
  catalogPath?: string,
): string[] {
  return [
    ...(options.metrics === true ? ['/metrics'] : []),
    ...(options.status === undefined || options.status === false
      ? []
      : [options.status === true || options.status.token === undefined ? '/status' : '/status (behind its token)']),
    ...(catalogPath === undefined ? [] : [`the catalogue ${catalogPath}`]),
  ];
}
