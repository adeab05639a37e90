/**
 * @module
 * An endpoint's `responses`: its answer (a JSON body by reference to its schema, under each
 * status it declares, or the declared media: bytes, a 302 with `Location`, an event stream or
 * a 101 WebSocket), the 304 of a cached answer, then the errors it can give (`errors.ts`).
 */
import { isMedia, type AnyEndpoint, type MediaAnswer } from '../http/endpoint.ts';
import { errorRefs } from './errors.ts';
import { headerRefs, successHeaders } from './headers.ts';
import type { Ref, Response } from './types.ts';

function mediaResponses(answer: MediaAnswer, headers: Response['headers']): Record<string, Response> {
  const status = answer.status ?? 200;
  if (status === 302) {
    const location = { description: 'Where the answer is.', schema: { type: 'string', format: 'uri' } } as const;
    return { 302: { description: answer.description, headers: { ...headers, Location: location } } };
  }
  const answered = {
    [String(status)]: {
      description: answer.description,
      ...(headers ? { headers } : {}),
      ...(answer.media.length > 0 ? { content: contentOf(answer.media) } : {}),
    },
  };
  const missing = answer.notFound;
  return missing
    ? { ...answered, 404: { description: missing.description, content: contentOf(missing.media) } }
    : answered;
}

/** Bytes of each media type. */
function contentOf(media: readonly string[]): Response['content'] {
  return Object.fromEntries(
    media.map((type) => [type, { schema: { type: 'string' as const, contentMediaType: type } }]),
  );
}

/**
 * @param answerRef where the JSON answer's schema lives (`#/components/schemas/…`), for a
 *   JSON endpoint
 */
export function responsesOf(
  endpoint: AnyEndpoint,
  limit: number | undefined,
  answerRef: string | undefined,
): Record<string, Response | Ref> {
  const names = successHeaders(endpoint, limit);
  const headers = names.length > 0 ? headerRefs(names) : undefined;
  const answer = endpoint.response;
  const content = { 'application/json': { schema: { $ref: answerRef! } } };
  const success: Record<string, Response> = isMedia(answer)
    ? mediaResponses(answer, headers)
    : Object.fromEntries(
        Object.entries(endpoint.statuses ?? { 200: 'OK' }).map(([status, description]) => [
          status,
          { description, ...(headers ? { headers } : {}), content },
        ]),
      );
  if (endpoint.websocket && !success[101]) {
    success[101] = {
      description: 'Switching Protocols: the WebSocket, on runtimes that offer one; it sends the same messages.',
    };
  }
  const cached = endpoint.cache !== undefined && endpoint.cache !== 'no-store';
  if (cached)
    success[304] = {
      description: 'Not Modified: the `If-None-Match` ETag is still current.',
      headers: headerRefs(['ETag', 'Cache-Control']),
    };
  // A status the declaration answers with its own body is that, not the shared error. (Keys
  // that are numbers keep their numeric order whichever object comes first.)
  return { ...errorRefs(endpoint, limit), ...success };
}
