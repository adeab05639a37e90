/**
 * @module
 * What the replay server needs from each upstream it mounts (all those in `mounts.ts`):
 * answers to requests under its prefix, and its own wording of the two errors the server
 * injects (quota exceeded, an error with HTTP 200). The server and the upstreams both import
 * these types, and this file imports neither, so none of them imports the other back.
 */

/**
 * What an answer amounts to, as a test reads it from `Replay.calls`: `error800` is Deezer's
 * "no data" body, or another recorded Deezer error (ParameterException).
 */
export type AnswerKind = 'ok' | 'error800' | 'quota' | 'fault' | 'notfound';

export interface UpstreamRequest {
  method: string;
  /** The path below the upstream's prefix: `/track/3135556`. */
  path: string;
  params: URLSearchParams;
  /** Where the upstream is mounted (`http://127.0.0.1:41234/deezer`), for URLs inside bodies. */
  baseUrl: string;
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  /** What the answer amounts to, as a test reads it from `Replay.calls`. */
  kind: AnswerKind;
}

export interface Upstream {
  answer(request: UpstreamRequest): Answer;
  /** The upstream's own answer once its quota is spent. */
  quotaExceeded(): Answer;
  /** An error body sent with HTTP 200, the way the upstream reports a failure of its own. */
  error200(): Answer;
}

/** An answer the upstream holds open and writes to over time (AzuraCast's Server-Sent Events feed). */
export interface Streamed {
  status: number;
  headers: Record<string, string>;
  kind: AnswerKind;
  /** Starts writing; the returned function is called once, when the client leaves or the replay closes. */
  open(write: (text: string) => void, end: () => void): () => void;
}

/** An upstream that may answer some requests with a stream; `undefined` sends them to `answer()`. */
export interface StreamingUpstream extends Upstream {
  stream(request: UpstreamRequest): Streamed | undefined;
}

export function json(status: number, body: string, kind: Answer['kind']): Answer {
  return { status, contentType: 'application/json; charset=utf-8', body, kind };
}
