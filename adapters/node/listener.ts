/**
 * @module
 * Node's request listener, around `@hono/node-server`'s. Every request enters core once, by
 * `sleeve.fetch`. A GET whose URL was built before (`request-url.ts`) is handed core as an
 * `ArrivedGet`, and a held hit's answer, back synchronously, is written at once
 * (`held-answer.ts`): a hit then pays neither for `@hono/node-server`'s Request, whose URL it
 * builds and checks with three regular expressions per request, nor for its `async` listener
 * and writer. Any other answer core gave, and every other request, goes to `@hono/node-server`'s
 * listener, which writes the answer (streams, errors, a client that leaves): an answer already
 * given is handed to it for the one request it is writing, never asked for again.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ConnInfo } from '../../core/index.ts';
import { ArrivedGet, arrivedAsRequest } from './arrived-get.ts';
import { wroteHeld } from './held-answer.ts';
import { rememberedUrl } from './request-url.ts';

/** What `@hono/node-server` passes as `env`: `outgoing` is absent for a request that came as an upgrade. */
export interface NodeEnv extends ConnInfo {
  incoming: IncomingMessage;
  outgoing?: ServerResponse;
}

export type Enter = (request: Request, env: NodeEnv) => Response | Promise<Response>;

/**
 * The listener and the `fetch` to give `@hono/node-server`: `written` is the listener it makes
 * of that `fetch`, which this one calls for whatever it does not write itself.
 */
export function nodeListener(enter: Enter): {
  fetch: Enter;
  listener(written: RequestListener): RequestListener;
} {
  // The answer core gave a request this listener then left to `written`: `written` calls `fetch`
  // synchronously, before its first wait, so it is taken there, for that request alone.
  let handed: Response | Promise<Response> | undefined;
  const fetch: Enter = (request, env) => {
    const answer = handed ?? enter(request, env);
    handed = undefined;
    return answer;
  };
  const listener = (written: RequestListener): RequestListener => {
    arrivedAsRequest();
    return (incoming, outgoing) => {
      const url = incoming.method === 'GET' ? rememberedUrl(incoming) : undefined;
      if (url === undefined) return written(incoming, outgoing);
      let answer: Response | Promise<Response>;
      try {
        const env: NodeEnv = { incoming, outgoing, clientIp: incoming.socket.remoteAddress };
        answer = enter(new ArrivedGet(url, incoming, outgoing) as unknown as Request, env);
      } catch (error) {
        answer = Promise.reject(error);
      }
      if (!(answer instanceof Promise) && wroteHeld(answer, outgoing)) return;
      handed = answer;
      try {
        written(incoming, outgoing);
      } finally {
        // Were `fetch` never called (`@hono/node-server` refused the request first), the next
        // request must not be given this one's answer, and a failure in it is no one's to hear.
        if (handed instanceof Promise) handed.catch(() => {});
        handed = undefined;
      }
    };
  };
  return { fetch, listener };
}
