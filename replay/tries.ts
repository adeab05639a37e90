/**
 * @module
 * Calls that work against the replay: Sleeve in live mode over `npm run replay` answers each of
 * these from the recorded (and record-shaped) upstream answers, where most other names and ids
 * are simply not in the recordings. `docs/live-mode.md` prints them as a table
 * (`triesTable()`), and `test/integration/replay/tries.test.ts` makes each call against the replay and
 * checks both the answer and that table, so the list cannot drift from the fixtures.
 */

export interface ReplayTry {
  /** Sleeve's path and query, as typed after the host (`curl "http://localhost:8787$path"`). */
  path: string;
  /** What it answers, for a reader choosing what to try. */
  what: string;
  /** Texts the answer's body holds (JSON as Sleeve writes it): what the test checks it finds. */
  shows: readonly string[];
}

export const REPLAY_TRIES: readonly ReplayTry[] = [
  {
    path: '/search/all?query=daft%20punk',
    what: 'a search: Daft Punk first, then tracks of Discovery and Random Access Memories',
    shows: [
      '"topResult":{"type":"artist","score":1,"item":{"id":27,',
      '"album":"Discovery"',
      '"album":"Random Access Memories"',
    ],
  },
  {
    path: '/search/all?query=soliloquy',
    what: "a title many share: Lou Doillon's Soliloquy first, Dave Brubeck's among the rest",
    shows: [
      '"topResult":{"type":"track","score":',
      '"name":"Soliloquy","artist":"Lou Doillon"',
      '"artist":"Dave Brubeck"',
    ],
  },
  {
    path: '/search/all?query=love',
    what: "Coldplay's True Love, Tom Odell's Another Love, Daft Punk's Digital Love",
    shows: [
      '"name":"True Love","artist":"Coldplay"',
      '"name":"Another Love","artist":"Tom Odell"',
      '"name":"Digital Love"',
    ],
  },
  { path: '/artist/info?id=27', what: 'an artist: Daft Punk', shows: ['"name":"Daft Punk"'] },
  { path: '/artist/top-tracks?id=27', what: "Daft Punk's top tracks", shows: ['"name":"Get Lucky"'] },
  {
    path: '/album/tracks?id=302127',
    what: "an album: Discovery's 14 tracks",
    shows: ['"title":"Discovery"', '"trackCount":14', '"title":"One More Time"'],
  },
  {
    path: '/track/isrc?isrc=GBDUW0000059',
    what: 'a track by ISRC: Harder, Better, Faster, Stronger',
    shows: ['"name":"Harder, Better, Faster, Stronger"'],
  },
  {
    path: '/lyrics?artist=Daft%20Punk&title=Get%20Lucky',
    what: 'lyrics, plain and synced (words written for the replay; also One More Time, Soliloquy, True Love, Another Love)',
    shows: ['"instrumental":false', '"plainLyrics":"(Written for Sleeve\'s replay', '"syncedLyrics":"[00:'],
  },
  {
    path: '/lyrics?artist=Daft%20Punk&title=Veridis%20Quo',
    what: 'an instrumental: no words, `instrumental: true`',
    shows: ['"instrumental":true,"plainLyrics":null,"syncedLyrics":null'],
  },
  {
    path: '/resolve?url=https://youtu.be/gAjR4_CbPpQ',
    what: 'a pasted link (YouTube) to its Deezer track: Harder, Better, Faster, Stronger',
    shows: ['"type":"track"', '"name":"Harder, Better, Faster, Stronger"'],
  },
  {
    path: '/artist/biography?id=27',
    what: "Daft Punk's biography, from Wikipedia's replay",
    shows: ['"wikidataId":"Q185828"', '"extract":"Daft Punk were'],
  },
  {
    path: '/nowplaying',
    what: "the AzuraCast station's current track",
    shows: ['"shortcode":"azuratest_radio"', '"now_playing":'],
  },
];

/** The Markdown table `docs/live-mode.md` holds, row for row. */
export function triesTable(tries: readonly ReplayTry[] = REPLAY_TRIES): string {
  const rows = tries.map((t) => `| \`${t.path}\` | ${t.what} |`);
  return ['| call | what it answers |', '|---|---|', ...rows].join('\n');
}
