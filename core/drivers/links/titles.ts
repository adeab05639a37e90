/**
 * @module
 * What a video or upload title says, read leniently: `Artist - Title (Official Video)` is the
 * artist and the title; decorations that name the kind of upload (`(Official Music Video)`,
 * `[Lyrics]`, `| Official Audio`, `(HD)`) go; what names a version of the recording (`(Live)`,
 * `(Radio Edit)`, `(feat. …)`, `- Remastered 2011`) stays, since it tells recordings apart.
 * YouTube Music's auto-generated channels are `Artist - Topic`; `VEVO` channels end in `VEVO`.
 */
import { foldCompact } from '../../text/fold.ts';

/** A bracketed group naming the kind of upload, not the recording. */
const DECORATION =
  /\s*[([【]\s*(?:(?:official|offizielles?|officiel(?:le)?|oficial)\b[^)\]】]*|(?:music|lyrics?|audio)\s+video|video(?:clip)?|clip(?:\s+officiel)?|lyrics?|audio|visuali[sz]er|hd|hq|4k|m\/?v)\s*[)\]】]/gi;
/** `Title | Official Video`, `Title | Artist`: whatever follows a pipe is never the title. */
const PIPE = /\s+[|｜].*$/;
/** ` - `, ` – `, ` — ` between artist and title. */
const DASH = /\s+[-–—]\s+/;
/** The right side of a dash that names a version rather than a title: `Song - Radio Edit`. */
const VERSION_WORDS =
  /^(?:\d{4}\s+)?(?:(?:radio|single|album|extended|original|club)\s+(?:edit|mix|version)|remaster(?:ed)?(?:\s+\d{4})?|live\b.*|acoustic\b.*|instrumental|demo|remix|edit|mono|stereo|bonus track)$/i;

/** A channel or account name as the artist: without ` - Topic` and a trailing `VEVO`. */
export function channelArtist(author: string): string {
  return author
    .replace(/\s*-\s*Topic$/i, '')
    .replace(/VEVO$/, '')
    .trim();
}

/** True for YouTube Music's auto-generated `Artist - Topic` channels, whose titles are the bare track title. */
function isTopicChannel(author: string): boolean {
  return /\s-\sTopic$/i.test(author);
}

/** The title without upload decorations, whitespace folded. */
export function undecorated(title: string): string {
  const cleaned = title.replace(DECORATION, '').replace(PIPE, '').replace(/\s+/g, ' ').trim();
  return cleaned === '' ? title.trim() : cleaned;
}

export interface TitleParts {
  title: string;
  /** Null when the title names none and no uploader was given. */
  artist: string | null;
}

/**
 * The track title and its main artist from an upload's title and its uploader: `Artist - Title`
 * when the title has that form (and the right side is not a version), else the title as is with
 * the uploader as the artist. The artist side keeps its first credit (`A, B` and `A feat. B` are
 * A), unless it begins with the uploader's own name (`Tyler, The Creator`).
 */
export function splitTitle(rawTitle: string, uploader: string | null): TitleParts {
  const title = undecorated(rawTitle);
  const artist = uploader === null ? null : channelArtist(uploader) || null;
  if (uploader !== null && isTopicChannel(uploader)) return { title, artist };
  const dash = DASH.exec(title);
  if (dash === null) return { title, artist };
  const left = title.slice(0, dash.index).trim();
  const right = title.slice(dash.index + dash[0].length).trim();
  if (left === '' || right === '' || VERSION_WORDS.test(right)) return { title, artist };
  return { title: right, artist: mainCredit(left, artist) };
}

/**
 * The first artist of a credit line; when the line starts with `known` (the uploader, however
 * spaced: `LadyGaga` for `Lady Gaga, Bruno Mars`), the line's own spelling of it.
 */
export function mainCredit(credit: string, known: string | null = null): string {
  const line = credit.trim();
  const wanted = known === null ? '' : foldCompact(known);
  if (wanted !== '' && foldCompact(line).startsWith(wanted)) {
    for (let end = 1; end <= line.length; end++)
      if (foldCompact(line.slice(0, end)) === wanted) return line.slice(0, end).trim();
  }
  const first = line.split(/\s*,\s*|\s+(?:feat\.?|ft\.?|featuring|x|×)\s+/i)[0]?.trim();
  return first === undefined || first === '' ? line : first;
}
