/**
 * @module
 * The description's `links` (D60): from a search or listing answer to the detail operations
 * its items lead to, each parameter a runtime expression into the answer
 * (`$response.body#/tracks/0/artist`), so a reader, or a stateful tester such as Schemathesis,
 * can chain search → details without guessing which field feeds which parameter. The first item
 * stands for the list: an answer without one leads nowhere.
 *
 * Written by path, as a table, because they describe how answers fit together rather than any
 * one endpoint; `test/unit/openapi/links.test.ts` walks every one from a real answer in demo mode.
 */
import { openApiPath } from './parameters.ts';
import type { Link, OpenApiDocument } from './types.ts';

interface LinkTo {
  /** The detail operation's path. */
  to: `/${string}`;
  /** Each of its parameters, as a JSON pointer into the answer. */
  from: Readonly<Record<string, string>>;
  description: string;
}

/** `/track/info` by the id of a list's first track (D69): a lookup, where artist and title cost a search. */
const track = (list: string): LinkTo => ({
  to: '/track/info',
  from: { id: `${list}/0/id` },
  description: "The first track's details, by its id.",
});
const album = (pointer: string, whose = 'The first album'): LinkTo => ({
  to: '/album/info',
  from: { id: pointer },
  description: `${whose}'s details and tracks, by its id.`,
});
const artist = (pointer: string, whose = 'The first artist'): LinkTo => ({
  to: '/artist/info',
  from: { id: pointer },
  description: `${whose}'s details, by their id.`,
});
const playlist = (pointer: string): LinkTo => ({
  to: '/playlist/info',
  from: { id: pointer },
  description: "The first playlist's details and tracks, by its id.",
});

/** By the path whose answer they start from; each link named as the operation it leads to. */
const LINKS: Readonly<Record<string, Readonly<Record<string, LinkTo>>>> = {
  '/search/all': {
    trackInfo: track('/tracks'),
    artistInfo: artist('/artists/0/id'),
    albumInfo: album('/albums/0/id'),
    playlistInfo: playlist('/playlists/0/id'),
  },
  '/search/albums': { albumInfo: album('/0/id'), artistInfo: artist('/0/artistId', "The first album's artist") },
  '/search/artist': { artistInfo: artist('/0/id') },
  '/search/playlists': { playlistInfo: playlist('/0/id') },
  '/track/hot': { trackInfo: track('/tracks'), artistInfo: artist('/tracks/0/artistId', "The first track's artist") },
  '/genre/chart': { trackInfo: track('/tracks'), artistInfo: artist('/tracks/0/artistId', "The first track's artist") },
  '/editorial/charts': {
    trackInfo: track('/tracks'),
    albumInfo: album('/albums/0/id'),
    artistInfo: artist('/artists/0/id'),
    playlistInfo: playlist('/playlists/0/id'),
  },
  '/editorial/selection': {
    albumInfo: album('/albums/0/id'),
    artistInfo: artist('/albums/0/artist/id', "The first album's artist"),
  },
  '/album/new-releases': { albumInfo: album('/0/id'), artistInfo: artist('/0/artist/id', "The first album's artist") },
  '/artist/albums': { albumInfo: album('/albums/0/id') },
  '/artist/top-tracks': { albumInfo: album('/0/albumId', "The first track's album") },
  '/artist/similar': { artistInfo: artist('/0/id') },
};

/**
 * Adds the links to the 200 answers of the document's operations, each naming its target by
 * operation id; a link whose source or target the document does not list is left out.
 */
export function withLinks(doc: OpenApiDocument): void {
  const idOf = (path: string) => doc.paths[openApiPath(path)]?.get?.operationId;
  for (const [path, links] of Object.entries(LINKS)) {
    const ok = doc.paths[openApiPath(path)]?.get?.responses['200'];
    if (ok === undefined || '$ref' in ok) continue;
    const described: Record<string, Link> = {};
    for (const [name, { to, from, description }] of Object.entries(links)) {
      const operationId = idOf(to);
      if (operationId === undefined) continue;
      const parameters = Object.fromEntries(
        Object.entries(from).map(([param, pointer]) => [param, `$response.body#${pointer}`]),
      );
      described[name] = { operationId, parameters, description };
    }
    if (Object.keys(described).length > 0) ok.links = described;
  }
}
