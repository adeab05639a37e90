/**
 * @module
 * How a track's duration and key are written for people: the response
 * variants, the cards and the facts a model is given all write them the same way. Pure, with
 * no import: a leaf every layer may use.
 */

/** `M:SS`; minutes are not padded and may exceed 59 (a 75-minute mix is `75:00`). */
export function formatDuration(durationMs: number): string {
  const totalSeconds = Math.max(0, Math.round(durationMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}:${String(totalSeconds % 60).padStart(2, '0')}`;
}

const PITCH_CLASSES = ['C', 'C#/Db', 'D', 'D#/Eb', 'E', 'F', 'F#/Gb', 'G', 'G#/Ab', 'A', 'A#/Bb', 'B'] as const;

/** `key`: a single letter or a pair like `C#/Db`; empty when no key was detected (-1). */
export function keyName(keyIndex: number): string {
  return PITCH_CLASSES[keyIndex] ?? '';
}
