/**
 * The URL Node hands core (`adapters/node/request-url.ts`): the string built for a target and
 * Host the first time, whatever string `@hono/node-server` built this time, never another
 * Host's or another target's.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { withRememberedUrl } from '../../../adapters/node/request-url.ts';

/** Where the lazy Request keeps its URL, as `@hono/node-server` does (a symbol of its own). */
const URL_KEY = Symbol('urlKey');

/** A lazy Request as `@hono/node-server` makes one: its URL built afresh (`http://` + Host + target). */
function lazyRequest(host: string, target: string): { request: Request; incoming: IncomingMessage } {
  const request = Object.create(Request.prototype, {
    url: {
      get() {
        return this[URL_KEY];
      },
    },
  }) as Request & Record<symbol, string>;
  request[URL_KEY] = ['http://', host, target].join('');
  return { request, incoming: { url: target, headers: { host } } as unknown as IncomingMessage };
}

const urlOf = (host: string, target: string) => {
  const { request, incoming } = lazyRequest(host, target);
  return withRememberedUrl(request, incoming).url;
};

describe("Node's request URL", () => {
  it('is the URL of the target under its own Host, asked again or under another Host', () => {
    const cases: [string, string][] = [
      ['sleeve.test', '/track/isrc?isrc=KRJZS2600001'],
      ['sleeve.test', '/track/isrc?isrc=KRJZS2600001'],
      ['other.test:8787', '/track/isrc?isrc=KRJZS2600001'],
      ['sleeve.test', '/track/isrc?isrc=KRJZS2600001'],
      ['sleeve.test', '/editorial/genres'],
      ['sleeve.test', `/search/all?query=${'a'.repeat(2000)}`],
      ['sleeve.test', `/search/all?query=${'a'.repeat(2000)}`],
    ];
    for (const [host, target] of cases) expect(urlOf(host, target)).toBe(`http://${host}${target}`);
  });

  it("leaves a web Request built whole as it is, and does not remember its target (an upgrade's)", () => {
    const target = '/nowplaying/socket?';
    const whole = new Request(`http://sleeve.test${target}`);
    expect(
      withRememberedUrl(whole, { url: target, headers: { host: 'sleeve.test' } } as unknown as IncomingMessage).url,
    ).toBe(`http://sleeve.test${target}`);
    expect(urlOf('sleeve.test', target)).toBe(`http://sleeve.test${target}`);
  });
});
