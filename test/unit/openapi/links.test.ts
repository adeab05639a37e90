/**
 * D60: the description's `links`, walked as a stateful tester walks them. From each operation
 * whose answer declares links (the searches first), a real answer in demo mode; each link's
 * runtime expressions read from that answer; the operation it names asked with them: a 200,
 * every link followed. And the two rules no parameter's schema states, as `Rule:` lines.
 */
import { describe, expect, it } from 'vitest';
import type { Link, OpenApiDocument, Operation, Response } from '../../../core/openapi/types.ts';
import { call } from '../../helpers/routes/client.ts';

const doc = (await call('/openapi.json')).body as OpenApiDocument;

const operations = new Map<string, { path: string; op: Operation }>();
for (const [path, item] of Object.entries(doc.paths))
  if (item.get) operations.set(item.get.operationId, { path, op: item.get });

const linksOf = (op: Operation): Record<string, Link> => (op.responses['200'] as Response | undefined)?.links ?? {};
const sources = [...operations.values()].filter(({ op }) => Object.keys(linksOf(op)).length > 0);

/**
 * Where a documented example's answer holds no item for a link to start from (`love` names no
 * artist or playlist in the demo catalogue), the walk starts from another query, as a tester
 * trying values would.
 */
const STARTS: Record<string, Record<string, string>> = {
  '/search/all': { query: 'rock', types: 'tracks,artists,albums,playlists' },
  '/search/artist': { query: 'rock' },
  '/search/playlists': { query: 'rock' },
};

/** The operation's query from its parameters' examples, then the walk's own start values. */
function startOf(path: string, op: Operation): string {
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) if (p.example !== undefined) query.set(p.name, String(p.example));
  for (const [name, value] of Object.entries(STARTS[path] ?? {})) query.set(name, value);
  return `${path}?${query}`;
}

/** A runtime expression of the only kind the links use: `$response.body#<JSON pointer>`. */
function read(expression: string, body: unknown): unknown {
  expect(expression).toMatch(/^\$response\.body#\//);
  let at: unknown = body;
  for (const token of expression.slice('$response.body#/'.length).split('/'))
    at = (at as Record<string, unknown> | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  return at;
}

describe('OpenAPI links (D60)', () => {
  it('lead from the searches and the listings to the detail operations', () => {
    const from = (path: string) =>
      Object.values(linksOf(doc.paths[path]!.get!))
        .map((l) => operations.get(l.operationId)?.path)
        .sort();
    expect(from('/search/all')).toEqual(['/album/info', '/artist/info', '/playlist/info', '/track/info']);
    expect(from('/search/albums')).toEqual(['/album/info', '/artist/info']);
    expect(from('/search/artist')).toEqual(['/artist/info']);
    expect(from('/search/playlists')).toEqual(['/playlist/info']);
    expect(from('/track/hot')).toContain('/track/info');
    expect(from('/album/new-releases')).toContain('/album/info');
    expect(from('/editorial/charts')).toEqual(['/album/info', '/artist/info', '/playlist/info', '/track/info']);
    expect(doc.paths['/search/all']!.get!.responses['200']).toMatchObject({
      links: {
        trackInfo: {
          operationId: 'trackInfo',
          parameters: { id: '$response.body#/tracks/0/id' },
        },
      },
    });
  });

  it('name operations the document has, by parameters they take', () => {
    for (const { path, op } of sources)
      for (const [name, link] of Object.entries(linksOf(op))) {
        const target = operations.get(link.operationId);
        expect(target, `${path} → ${name}`).toBeDefined();
        const taken = new Set((target!.op.parameters ?? []).map((p) => p.name));
        for (const param of Object.keys(link.parameters)) expect(taken, `${path} → ${name}: ${param}`).toContain(param);
        // With them, the target's required parameters are all given.
        for (const p of target!.op.parameters ?? [])
          if (p.required) expect(Object.keys(link.parameters), `${path} → ${name}`).toContain(p.name);
      }
  });

  it.each(sources.map(({ path, op }) => [path, op] as const))(
    'from %s, each link followed from a real answer is a 200',
    async (path, op) => {
      const start = await call(startOf(path, op));
      expect(start.status, startOf(path, op)).toBe(200);
      const links = Object.entries(linksOf(op));
      let followed = 0;
      for (const [name, link] of links) {
        const query = new URLSearchParams();
        for (const [param, expression] of Object.entries(link.parameters)) {
          const value = read(expression, start.body);
          expect(value, `${path} → ${name}: ${expression} in the answer`).toBeDefined();
          query.set(param, String(value));
        }
        const target = `${operations.get(link.operationId)!.path}?${query}`;
        const answer = await call(target);
        expect(answer.status, `${path} → ${name}: ${target} → ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
        followed++;
      }
      expect(followed).toBe(links.length);
    },
  );
});

describe('Rule lines no parameter schema states (D60)', () => {
  it('/resolve names the platforms and hosts it reads; /nowplaying/socket the headers it needs', () => {
    const resolve = doc.paths['/resolve']!.get!.description;
    expect(resolve).toMatch(/- Rule: `url` is a link of Spotify, Deezer, Apple Music, YouTube Music or SoundCloud/);
    expect(resolve).toContain('`music.youtube.com`');
    expect(resolve).toContain('400 `bad_request`');
    const socket = doc.paths['/nowplaying/socket']!.get!.description;
    expect(socket).toMatch(/- Rule: a WebSocket handshake \(`Upgrade: websocket`\).*`Accept: text\/event-stream`/);
  });

  it('what the rules say is what the endpoints answer', async () => {
    const refused = await call(`/resolve?url=${encodeURIComponent('https://tidal.com/browse/track/1')}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'bad_request', param: 'url' });
    expect((await call('/nowplaying/socket')).body.error.code).toBe('bad_request');
  });
});
