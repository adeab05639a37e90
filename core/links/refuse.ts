/**
 * @module
 * How parsing says no: every refusal is one `400 bad_request` naming `url`, and the ones about
 * a host also list the supported platforms, so the caller learns what would have worked.
 */
import { SleeveError } from '../errors.ts';
import { LINK_SOURCES } from './hosts.ts';

/** `Spotify, Deezer, Apple Music, YouTube Music, SoundCloud`. */
const SUPPORTED_PLATFORMS: string = LINK_SOURCES.map((s) => s.name).join(', ');

/** A `400 bad_request` on `url`. */
export function refuse(message: string): SleeveError {
  return new SleeveError('bad_request', message, { param: 'url' });
}

/** A refusal about the host: names the supported platforms, in the message and as `error.supported`. */
export function refuseHost(message: string): SleeveError {
  return new SleeveError('bad_request', `${message} Supported platforms: ${SUPPORTED_PLATFORMS}.`, {
    param: 'url',
    extra: { supported: LINK_SOURCES.map((s) => s.source) },
  });
}

/** `a Spotify`, `an Apple Music`. */
const a = (word: string) => `${/^[AEIOU]/i.test(word) ? 'an' : 'a'} ${word}`;

/** A link of a known platform whose path names nothing `/resolve` answers with. */
export function refuseItem(platform: string, forms: readonly string[]): SleeveError {
  return refuse(
    `url is ${a(platform)} link but names no track, album, artist or playlist. Accepted forms: ${forms.join('; ')}.`,
  );
}

/** How much of a refused id a message repeats: enough to recognise it, never a whole pasted page. */
const SHOWN = 40;

/**
 * A link of a known platform whose path names an item of a known type, but whose id is not in
 * that platform's form (`open.spotify.com/artist/1361`: a Deezer id in a Spotify link). Says
 * that, and the form expected, rather than that the link names nothing.
 */
export function refuseId(platform: string, type: string, id: string, form: string): SleeveError {
  const shown = id.length > SHOWN ? `${id.slice(0, SHOWN)}…` : id;
  return refuse(`url is ${a(platform)} ${type} link, but "${shown}" is not ${a(platform)} ${type} id: ${form}.`);
}
