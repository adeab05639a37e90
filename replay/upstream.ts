/**
 * @module
 * What the replay server needs from each upstream it mounts (Deezer now; ReccoBeats and
 * AzuraCast later): answers to requests under its prefix, and its own wording of the two
 * errors the server injects (quota exceeded, an error with HTTP 200).
 */
import type { ReplayCall } from './server.ts';

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
  kind: ReplayCall['body'];
}

export interface Upstream {
  answer(request: UpstreamRequest): Answer;
  /** The upstream's own answer once its quota is spent. */
  quotaExceeded(): Answer;
  /** An error body sent with HTTP 200, the way the upstream reports a failure of its own. */
  error200(): Answer;
}

export function json(status: number, body: string, kind: Answer['kind']): Answer {
  return { status, contentType: 'application/json; charset=utf-8', body, kind };
}
