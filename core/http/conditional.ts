/**
 * @module
 * Answers a route builds itself from bytes it holds (pictures, the docs page and its files):
 * a 200 with its `ETag`, or a bodiless 304 when the request already holds that version. The
 * JSON answers get theirs from the cache layer (`cache/layer.ts`); these never pass through it.
 */

/** The headers such an answer carries; `more` only on the 200 (a 304 keeps what the client holds). */
export interface ConditionalHeaders {
  type: string;
  etag: string;
  cache: string;
  more?: Readonly<Record<string, string>>;
}

/** Whether the request already holds this version (`If-None-Match`, weak or strong, or `*`). */
export function holdsCurrent(request: Request, etag: string): boolean {
  const held = request.headers.get('if-none-match');
  if (held === null) return false;
  return held.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The 200 with the body (`nosniff`: the declared type is the only reading), or a 304. */
export function conditionalAnswer(
  request: Request,
  body: string | Uint8Array<ArrayBuffer>,
  headers: ConditionalHeaders,
): Response {
  const common = { ETag: headers.etag, 'Cache-Control': headers.cache };
  if (holdsCurrent(request, headers.etag)) return new Response(null, { status: 304, headers: common });
  return new Response(body, {
    status: 200,
    headers: { ...common, 'Content-Type': headers.type, 'X-Content-Type-Options': 'nosniff', ...headers.more },
  });
}
