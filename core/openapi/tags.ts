/**
 * @module
 * The document's tags: an operation is tagged by its path's first segment, and each tag says
 * in a line what its group is for. Written here, not in a declaration: a tag is shared by
 * every endpoint under its segment. A new first segment needs its line here; the document
 * test names any tag without one.
 */

/** The tag grouping an operation: its first path segment without an extension (`openapi`). */
export function tagOf(path: string): string {
  return path.split('/')[1]?.replace(/\..*$/, '') || 'service';
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  healthz: 'Whether the service, its upstreams and its storage answer.',
  livez: "Whether the process answers: an orchestrator's liveness probe.",
  readyz: "Whether this instance can serve: an orchestrator's readiness probe.",
  editorial: 'The genre list, and the picks and charts an editorial (a genre) shows.',
  search: 'Searches by kind, all kinds at once, and completions while typing.',
  artist: 'Artists by name or id: their releases, top tracks, similar artists, biography and facts.',
  track:
    'Tracks by ISRC, id or artist and title: details with audio features, related tracks, the chart, credits and previews.',
  album: 'Albums by id or query, their tracklists, and new releases.',
  playlist: 'Playlists: one by id, or one generated from genres and audio-feature targets.',
  resolve: "A pasted link from a streaming platform, as this service's own item.",
  nowplaying: "The radio station's song now playing, polled or pushed.",
  live: 'Whether a DJ is on air at the station now.',
  listen: "The station's audio stream, for a player.",
  cover: 'Album covers by artist and title, for an `<img>`.',
  artistimage: "Artists' pictures by id, for an `<img>`.",
  media: "Art drawn for genres and playlists, and the demo mode's generated previews.",
  share: "A track's share card, an image to paste where a link is shared.",
  og: 'Open Graph images of tracks, albums and artists.',
  recommendations: 'Tracks near seeds, ordered by audio-feature targets.',
  genre: "A genre's chart.",
  lyrics: 'Lyrics from LRCLIB, live mode only.',
  chat: 'A conversation with the music assistant, grounded in the catalogue.',
  assistant: 'One question to the music assistant, grounded in the catalogue.',
  ai: "A chat model's notes on Sleeve's own records, grounded in their facts.",
  batch: 'Several GET requests in one.',
  errors: 'The error codes and what each means.',
  roadmap: 'The versions a pin can ask for, and what each changed.',
  metrics: "This instance's counters for Prometheus, when the operator turns them on.",
  status: "The operator's page of this instance and its feed, when the operator turns them on.",
  service: 'What this service is, with links onward: the landing page.',
  openapi: 'This description, as OpenAPI 3.1.',
  llms: 'This description, as markdown for language-model tools.',
  docs: 'The interactive API reference and its files.',
};

/** The document's `tags`, in first-use order, each with its line when it has one. */
export function tagsOf(paths: readonly string[]): { name: string; description?: string }[] {
  return [...new Set(paths.map(tagOf))].map((name) =>
    DESCRIPTIONS[name] ? { name, description: DESCRIPTIONS[name] } : { name },
  );
}
