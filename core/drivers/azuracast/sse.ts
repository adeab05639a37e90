/**
 * @module
 * AzuraCast's live now-playing feed (0.17+, "high-performance now playing"): Centrifugo's
 * unidirectional Server-Sent Events at `GET /api/live/nowplaying/sse?cf_connect=<JSON>`,
 * subscribing to the channel `station:<shortcode>` with `recover: true`, so the first message
 * carries the station's current state:
 *
 *     data: {"connect":{..., "subs":{"station:x":{"publications":[{"data":{"np":{...}}, "offset":1}]}}}}
 *     data: {"channel":"station:x","pub":{"data":{"np":{...}},"offset":2}}
 *     data: {}                                      (a ping)
 *
 * Older releases put the initial rows in `connect.data` instead of per-subscription
 * publications; both are read. Pure: a line parser for the event stream and the extraction of
 * the `np` bodies a message carries for one channel.
 */

/** The feed's path under the installation's origin. */
const SSE_PATH: string = '/api/live/nowplaying/sse';

export const channelOf = (shortcode: string): string => `station:${shortcode}`;

/** The feed URL subscribing to one station's channel. */
export function sseUrl(baseUrl: string, shortcode: string): string {
  const connect = JSON.stringify({ subs: { [channelOf(shortcode)]: { recover: true } } });
  return `${baseUrl}${SSE_PATH}?cf_connect=${encodeURIComponent(connect)}`;
}

/**
 * An event-stream parser (WHATWG "server-sent events" framing): feed it decoded text in any
 * chunking; it calls `onData` with each event's data (its `data:` lines joined by newlines).
 * Comments (`:`), `event:`, `id:` and `retry:` lines are ignored.
 */
export function eventStreamParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  const line = (raw: string) => {
    if (raw === '') {
      if (data.length > 0) onData(data.join('\n'));
      data = [];
      return;
    }
    if (raw.startsWith(':')) return;
    const colon = raw.indexOf(':');
    const field = colon === -1 ? raw : raw.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : raw.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  };
  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      // A lone `\r` at the end may be the first half of `\r\n`: wait for the next chunk.
      if (match === null || (match[0] === '\r' && match.index === buffer.length - 1)) return;
      line(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
const npOfRow = (row: unknown): unknown => {
  const r = record(row);
  return r === null ? undefined : (record(r.data)?.np ?? r.np);
};

/**
 * The now-playing bodies one feed message carries for `channel`, oldest first: none for a
 * ping, another channel's publication or anything unreadable.
 */
export function nowPlayingBodies(message: unknown, channel: string): unknown[] {
  const m = record(message);
  if (m === null) return [];
  const found: unknown[] = [];
  const connect = record(m.connect);
  if (connect !== null) {
    if (Array.isArray(connect.data)) found.push(...connect.data.map(npOfRow));
    const sub = record(record(connect.subs)?.[channel]);
    if (sub !== null && Array.isArray(sub.publications)) found.push(...sub.publications.map(npOfRow));
  }
  const pub = record(m.pub);
  if (pub !== null && (m.channel === undefined || m.channel === channel)) found.push(npOfRow(pub));
  return found.filter((np) => record(np) !== null);
}
