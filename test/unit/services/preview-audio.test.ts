/** D22: the synthesised demo preview: a valid WAV, the same bytes every time, sounding the track's chord at its tempo. */
import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE, SECONDS, toneOf, toneTag, wav, type Tone } from '../../../core/services/media/preview-audio.ts';
import type { AudioFeatures } from '../../../core/domain/features.ts';

const A_MINOR: Tone = { keyIndex: 9, mode: 'Minor', tempo: 120, energy: 0.8 };

/** The signal's strength at one frequency (a single DFT bin over the whole clip). */
function power(bytes: Uint8Array, hz: number): number {
  let re = 0;
  let im = 0;
  for (let i = 44; i < bytes.length; i++) {
    const x = bytes[i]! - 128;
    const phase = (2 * Math.PI * hz * (i - 44)) / SAMPLE_RATE;
    re += x * Math.cos(phase);
    im += x * Math.sin(phase);
  }
  return Math.hypot(re, im);
}

const text = (bytes: Uint8Array, at: number, n: number): string => String.fromCharCode(...bytes.slice(at, at + n));

describe('the generated preview', () => {
  it('is a PCM WAV, 8-bit mono, 4 s, its sizes consistent', () => {
    const bytes = wav(A_MINOR);
    const view = new DataView(bytes.buffer);
    expect([text(bytes, 0, 4), text(bytes, 8, 4), text(bytes, 12, 4), text(bytes, 36, 4)]).toEqual([
      'RIFF',
      'WAVE',
      'fmt ',
      'data',
    ]);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect([
      view.getUint16(20, true),
      view.getUint16(22, true),
      view.getUint32(24, true),
      view.getUint16(34, true),
    ]).toEqual([1, 1, SAMPLE_RATE, 8]);
    expect(view.getUint32(40, true)).toBe(SAMPLE_RATE * SECONDS);
    expect(bytes.length).toBe(44 + SAMPLE_RATE * SECONDS);
  });

  it('is the same bytes every time, and other bytes (and another tag) for another tone', () => {
    expect(wav(A_MINOR)).toEqual(wav({ ...A_MINOR }));
    expect(toneTag(A_MINOR)).toBe(toneTag({ ...A_MINOR }));
    expect(wav({ ...A_MINOR, mode: 'Major' })).not.toEqual(wav(A_MINOR));
    expect(toneTag({ ...A_MINOR, tempo: 121 })).not.toBe(toneTag(A_MINOR));
  });

  it("sounds the key's root and the mode's third: A minor holds A and C, not C#", () => {
    const minor = wav(A_MINOR);
    const major = wav({ ...A_MINOR, mode: 'Major' });
    const a = 220;
    const c = a * 2 ** (3 / 12);
    const cSharp = a * 2 ** (4 / 12);
    expect(power(minor, a)).toBeGreaterThan(10 * power(minor, a * 2 ** (1 / 12)));
    expect(power(minor, c)).toBeGreaterThan(10 * power(minor, cSharp));
    expect(power(major, cSharp)).toBeGreaterThan(10 * power(major, c));
  });

  it('strikes on each beat of the tempo, louder with more energy, and starts and ends in silence', () => {
    const bytes = wav(A_MINOR);
    const loudness = (from: number, n: number) =>
      Math.max(...bytes.slice(44 + from, 44 + from + n).map((b) => Math.abs(b - 128)));
    const beat = SAMPLE_RATE / 2; // 120 BPM
    expect(loudness(beat, 400)).toBeGreaterThan(3 * loudness(2 * beat - 400, 400));
    expect(bytes[44]).toBe(128);
    expect(bytes.at(-1)).toBe(128);
    const quiet = wav({ ...A_MINOR, energy: 0 });
    const peak = (b: Uint8Array) => Math.max(...b.slice(44).map((x) => Math.abs(x - 128)));
    expect(peak(bytes)).toBeGreaterThan(peak(quiet) * 1.5);
  });

  it("takes the track's features, or a tone picked from its id when it has none", () => {
    const f = { keyIndex: 2, mode: 'Major', tempo: 400, energy: 1.4 } as AudioFeatures;
    expect(toneOf(f, 7)).toEqual({ keyIndex: 2, mode: 'Major', tempo: 240, energy: 1 });
    expect(toneOf({ ...f, keyIndex: -1 }, 7).keyIndex).toBe(7);
    expect(toneOf(null, 100000014)).toEqual(toneOf(null, 100000014));
    expect(toneOf(null, 100000014)).not.toEqual(toneOf(null, 100000015));
  });
});
