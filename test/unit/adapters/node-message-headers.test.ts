/**
 * Node's header view (`adapters/node/message-headers.ts`) reads as a web `Headers` of the same
 * request would: a lower-case name from Node's object, any other name from the raw list.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { withMessageHeaders } from '../../../adapters/node/message-headers.ts';

/** What the view reads of a message: Node's object (names in lower case) and the raw list. */
function viewOf(raw: string[]): Headers {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) headers[raw[i]!.toLowerCase()] ??= raw[i + 1]!;
  const incoming = { headers, rawHeaders: raw } as unknown as IncomingMessage;
  return withMessageHeaders(new Request('http://sleeve.test/'), incoming).headers;
}

describe("Node's header view", () => {
  const raw = ['Host', 'sleeve.test', 'User-Agent', 'app/1 (me@example.com)', 'Accept', 'a', 'Accept', 'b'];
  const web = new Headers();
  for (let i = 0; i < raw.length; i += 2) web.append(raw[i]!, raw[i + 1]!);

  it('answers every name as a web Headers of the raw list does, in any case, sent or not', () => {
    const view = viewOf(raw);
    for (const name of ['host', 'user-agent', 'User-Agent', 'ACCEPT', 'if-none-match', 'If-None-Match', 'x-request-id'])
      expect([name, view.get(name), view.has(name)]).toEqual([name, web.get(name), web.has(name)]);
  });

  it('refuses a name no header can have, as a web Headers does, rather than reading it as absent', () => {
    const view = viewOf(raw);
    expect(() => web.get('café')).toThrow(TypeError);
    expect(() => view.get('café')).toThrow(TypeError);
    expect(() => view.has('café')).toThrow(TypeError);
  });

  it('reads back what it was told to add, set or delete, as a web Headers does', () => {
    const view = viewOf(raw);
    const changed = new Headers(web);
    for (const headers of [view, changed]) {
      headers.set('user-agent', 'other/2 (you@example.com)');
      headers.append('x-request-id', 'abc');
      headers.delete('host');
    }
    for (const name of ['host', 'user-agent', 'x-request-id', 'accept'])
      expect([name, view.get(name), view.has(name)]).toEqual([name, changed.get(name), changed.has(name)]);
  });
});
