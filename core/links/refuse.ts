/**
 * @module
 * How parsing says no: every refusal is one `400 bad_request` naming `url`, and the ones about
 * a host also list the supported platforms, so the caller learns what would have worked.
 */
import { SleeveError } from '../errors.ts';
import { LINK_SOURCES } from './hosts.ts';

/** `Spotify, Deezer, Apple Music, YouTube Music, SoundCloud`. */
export const SUPPORTED_PLATFORMS: string = LINK_SOURCES.map((s) => s.name).join(', ');

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

/** A link of a known platform whose path names nothing `/resolve` answers with. */
export function refuseItem(platform: string, forms: readonly string[]): SleeveError {
  return refuse(`url is a ${platform} link but names no track, album, artist or playlist. Accepted forms: ${forms.join('; ')}.`);
}
