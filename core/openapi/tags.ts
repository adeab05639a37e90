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
  healthz: 'Whether the service, its upstreams and its storage answer (D13).',
  editorial: 'The genre list, and the picks and charts an editorial (a genre) shows (D21).',
  search: 'Searches by kind, all kinds at once, and completions while typing (D15, D33).',
  artist: 'Artists by name or id: their releases, top tracks, similar artists, biography and facts (D16, D21, D26).',
  track:
    'Tracks by ISRC, id or artist and title: details with audio features, related tracks, the chart, credits and previews.',
  album: 'Albums by id or query, their tracklists, and new releases.',
  playlist: 'Playlists: one by id, or one generated from genres and audio-feature targets.',
  resolve: "A pasted link from a streaming platform, as this service's own item (D11).",
  nowplaying: "The radio station's song now playing, polled or pushed (D12).",
  live: 'Whether a DJ is on air at the station now (D27).',
  listen: "The station's audio stream, for a player (D27).",
  cover: 'Album covers by artist and title, for an `<img>` (D14).',
  artistimage: "Artists' pictures by id, for an `<img>` (D14).",
  media: "Art drawn for genres and playlists, and the demo mode's generated previews (D14, D22).",
  share: "A track's share card, an image to paste where a link is shared (D29).",
  og: 'Open Graph images of tracks, albums and artists (D29).',
  recommendations: 'Tracks near seeds, ordered by audio-feature targets (D23).',
  genre: "A genre's chart (D21).",
  lyrics: 'Lyrics from LRCLIB, live mode only (D24, D25).',
  chat: 'A conversation with the music assistant, grounded in the catalogue (D30, D32).',
  assistant: 'One question to the music assistant, grounded in the catalogue (D30).',
  ai: "A chat model's notes on Sleeve's own records, grounded in their facts (D30, D31).",
  batch: 'Several GET requests in one (D6).',
  errors: 'The error codes and what each means (D3).',
  roadmap: 'The versions a pin can ask for, and what each changed (D7, D28).',
  metrics: "This instance's counters for Prometheus, when the operator turns them on (D20).",
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
