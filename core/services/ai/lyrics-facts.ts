/**
 * @module
 * D30: what `/ai/lyrics-explain` may read of a song's words. With a lyrics driver (live mode:
 * LRCLIB) the model reads the plain lyrics to speak of the song's themes; the system
 * prompt still forbids quoting or paraphrasing them. The words go to the model only: the
 * answer's `grounding` names the record (its source and length), so a cached answer never
 * republishes them (`/lyrics` is where they are served, with their attribution).
 */
import type { Track } from '../../domain/music.ts';
import type { Drivers } from '../../drivers/contracts/drivers.ts';
import type { FactGroup } from './facts.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** The most of a song's text the model is given: a long song's words, not a book. */
export const LYRICS_CHARS = 4000;

export interface LyricsGrounding {
  /** Whether the lyrics driver had a record for the song (its words, or that it has none). */
  used: boolean;
  /** What the answer lists in its `grounding`. */
  listed: FactGroup;
  /** What the model reads beyond that: the words themselves, or nothing. */
  told: FactGroup[];
  /** The task, as far as the words change it. */
  task: string;
}

const SUBJECT = 'Lyrics';
const WITHOUT =
  "Explain what can be said about this song's mood and themes from its title, genres and audio features (valence, energy, mode). You do not have its lyrics: say that the lyrics were not consulted, and do not quote, paraphrase or guess any line.";

const without = (why: string): LyricsGrounding => ({
  used: false,
  listed: { subject: SUBJECT, facts: [`not available to you: ${why}`] },
  told: [],
  task: WITHOUT,
});

/** `[mm:ss.xx] words` lines (LRC) as plain lines, for a record that has only synced lyrics. */
const unsynced = (lrc: string) =>
  lrc
    .split('\n')
    .map((line) => line.replace(/^(\[[^\]]*\])+\s?/, ''))
    .join('\n');

export async function lyricsGrounding(
  drivers: Drivers,
  track: Pick<Track, 'title' | 'artist' | 'durationMs'>,
  scope: RequestScope,
  degraded: (reason: string) => void,
): Promise<LyricsGrounding> {
  const lyrics = drivers.lyrics;
  if (!lyrics) return without('Sleeve has no lyrics for this track');
  const credit = lyrics.attribution.source;
  let found: Awaited<ReturnType<typeof lyrics.lyrics>>;
  try {
    found = await lyrics.lyrics({
      artist: track.artist.name,
      title: track.title,
      duration: Math.round(track.durationMs / 1000),
      scope,
    });
  } catch (error) {
    if (scope.signal.aborted) throw error;
    // The song is still worth explaining from its record; the answer says it is incomplete.
    degraded('lyrics');
    return without(`${credit} did not answer`);
  }
  if (found === null) return without(`${credit} has no lyrics for this track`);
  if (found.instrumental) {
    return {
      used: true,
      listed: { subject: SUBJECT, facts: [`the track is instrumental: it has no words (${credit})`] },
      told: [],
      task: 'This track is instrumental. Explain its mood from its title, genres and audio features (valence, energy, mode), and say that it has no words.',
    };
  }
  const text = (found.plain ?? (found.synced === null ? '' : unsynced(found.synced))).trim();
  if (text === '') return without(`${credit}'s record for this track holds no words`);
  const lines = text.split('\n').filter((line) => line.trim() !== '').length;
  return {
    used: true,
    listed: {
      subject: SUBJECT,
      facts: [`the lyrics from ${credit} (${lines} lines): read by the model, not repeated here (see /lyrics)`],
    },
    told: [
      {
        subject: 'Lyrics text (read to understand the song; never quote or paraphrase it)',
        facts: [text.slice(0, LYRICS_CHARS)],
      },
    ],
    task: "Explain this song's themes and mood from its lyrics (which you have read) and its audio features (valence, energy, mode). Speak of what the words are about; never quote or paraphrase a line.",
  };
}
