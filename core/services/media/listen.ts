/**
 * @module
 * D27: where `/listen.mp3` sends a player. AzuraCast lists a station's mounts, one marked
 * `is_default`, and repeats the default one's URL as `station.listen_url`. The path promises
 * MP3, so the default mount is taken when it is MP3, else the first MP3 mount, else the
 * default mount whatever its format (a player that asked for the station still gets it), else
 * `listen_url`. Only an absolute `http:`/`https:` URL is ever a redirect target: a relative or
 * other-scheme value from the upstream is not something a player can open.
 */
import type { Station } from '../../domain/radio.ts';

function playable(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
}

/** The URL a player should open for the station, or null when the upstream names none it could open. */
export function streamUrl(station: Station): string | null {
  const isMp3 = (format: string) => format.trim().toLowerCase() === 'mp3';
  const main = station.mounts.find((m) => m.is_default);
  const choices = [
    main !== undefined && isMp3(main.format) ? main.url : undefined,
    station.mounts.find((m) => isMp3(m.format))?.url,
    main?.url,
    station.listen_url,
  ];
  for (const url of choices) {
    const found = url === undefined ? null : playable(url);
    if (found !== null) return found;
  }
  return null;
}
