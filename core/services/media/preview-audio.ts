/**
 * @module
 * D22: the demo catalogue's previews, synthesised. A demo track has no recording, so its
 * preview is a few seconds of its chord (root, third and fifth of its key and mode) struck
 * on every beat of its tempo, louder the more energy it has: it sounds like nothing real,
 * and says so (`X-Sleeve-Generated`), yet an `<audio>` element plays something that follows
 * the track's features. WAV, 8-bit mono at 11,025 Hz, 4 s: about 44 KB, built in about 3 ms
 * of CPU, the same every time (pure arithmetic; the ETag names the tone, not the bytes), so cacheable for good.
 */
import type { AudioFeatures } from '../../domain/features.ts';

export const SAMPLE_RATE = 11_025;
export const SECONDS = 4;
/** Bumped whenever the sound changes, so ETags change with it. */
const SYNTH_VERSION = 1;

export interface Tone {
  /** Pitch class 0..11 (C = 0). */
  keyIndex: number;
  mode: 'Major' | 'Minor';
  /** Beats per minute, 40..240. */
  tempo: number;
  /** 0..1: the loudness of the strikes. */
  energy: number;
}

/** The tone of a track's features, or, for a track without, one picked from its id (still the same every time). */
export function toneOf(features: AudioFeatures | null, trackId: number): Tone {
  if (features === null)
    return {
      keyIndex: trackId % 12,
      mode: trackId % 5 < 2 ? 'Minor' : 'Major',
      tempo: 80 + (trackId % 81),
      energy: 0.5,
    };
  return {
    keyIndex: features.keyIndex >= 0 ? features.keyIndex % 12 : trackId % 12,
    mode: features.mode,
    tempo: Math.min(240, Math.max(40, features.tempo)),
    energy: Math.min(1, Math.max(0, features.energy)),
  };
}

/** A validator of the bytes `wav` makes for this tone. */
export function toneTag(tone: Tone): string {
  return `"tone-${SYNTH_VERSION}-${tone.keyIndex}-${tone.mode}-${tone.tempo.toFixed(2)}-${tone.energy.toFixed(3)}"`;
}

/** The root sits between G3 and F#4 (196..370 Hz): low enough to be warm, high enough for small speakers. */
function rootHz(keyIndex: number): number {
  return 196 * 2 ** (((keyIndex - 7 + 12) % 12) / 12);
}

export function wav(tone: Tone): Uint8Array<ArrayBuffer> {
  const samples = SAMPLE_RATE * SECONDS;
  const out = new Uint8Array(new ArrayBuffer(44 + samples));
  header(new DataView(out.buffer), samples);
  const root = rootHz(tone.keyIndex);
  const voices = [0, tone.mode === 'Minor' ? 3 : 4, 7].map(
    (semitones) => (2 * Math.PI * root * 2 ** (semitones / 12)) / SAMPLE_RATE,
  );
  const beat = (60 / tone.tempo) * SAMPLE_RATE;
  const decay = beat / 3;
  const gain = (0.35 + 0.55 * tone.energy) / voices.length;
  const fade = SAMPLE_RATE * 0.05;
  // Each voice by the recurrence sin((n+1)w) = 2cos(w)sin(nw) - sin((n-1)w): one multiply a
  // sample instead of a Math.sin, exact to far below 8 bits over 44,100 samples.
  const k = voices.map((w) => 2 * Math.cos(w));
  const now = voices.map(() => 0);
  const before = voices.map((w) => -Math.sin(w));
  const attack = SAMPLE_RATE * 0.005;
  for (let i = 0; i < samples; i++) {
    const sinceBeat = i % beat;
    // A 5-ms attack, then an exponential decay to the next beat; faded in and out at the ends.
    const strike = Math.min(1, sinceBeat / attack) * Math.exp(-sinceBeat / decay);
    const edges = Math.min(1, i / fade, (samples - 1 - i) / fade);
    let value = 0;
    for (let v = 0; v < k.length; v++) {
      value += now[v]!;
      const next = k[v]! * now[v]! - before[v]!;
      before[v] = now[v]!;
      now[v] = next;
    }
    out[44 + i] = Math.round(128 + 127 * gain * strike * edges * value);
  }
  return out;
}

/** RIFF/WAVE, one `fmt ` (PCM, mono, 8 bits) and one `data` chunk. */
function header(view: DataView, samples: number): void {
  const text = (at: number, s: string): void => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples, true);
}
