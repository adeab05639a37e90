/**
 * @module
 * The radio source contract: the default station answers a schema-valid now-playing state
 * whose timing is consistent (the current song covers `now`, history is most recent first and
 * back to back, next follows the current one); unknown stations give null; aborted calls
 * reject. A replay of a recorded upstream cannot move its clock: it skips the timing cases.
 */
import { describe, expect } from 'vitest';
import type { RadioDriver } from '../../../core/drivers/contracts/radio.ts';
import { expectValid, NowPlayingSchema } from './domain-schemas.ts';
import { abortedSignal, caseRunner, type ContractOptions } from './contract-kit.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

export interface RadioContractOptions extends ContractOptions<RadioDriver> {
  /** Unix ms the cases ask about. */
  now?: number;
}

export function runRadioContract(options: RadioContractOptions): void {
  const now = options.now ?? Date.UTC(2026, 10, 22, 15, 7, 30);
  const test = caseRunner(options);
  describe(`radio source contract: ${options.name}`, () => {
    test('the default station answers a schema-valid, online now-playing state', async (s) => {
      const np = await s.nowPlaying(s.defaultStation, { now });
      expectValid(NowPlayingSchema, np, 'nowPlaying');
      expect(np!.station.shortcode).toBe(s.defaultStation);
      expect(np!.station.mounts.length).toBeGreaterThan(0);
    });

    test('an unknown station gives null', async (s) => {
      expect(await s.nowPlaying(`${s.defaultStation}-does-not-exist`, { now })).toBeNull();
    });

    test('the current song covers now, and the next one starts when it ends', async (s) => {
      const np = (await s.nowPlaying(s.defaultStation, { now }))!;
      const second = Math.floor(now / 1000);
      expect(np.now_playing.played_at).toBeLessThanOrEqual(second);
      expect(np.now_playing.played_at + np.now_playing.duration).toBeGreaterThan(second);
      expect(np.playing_next?.played_at).toBe(np.now_playing.played_at + np.now_playing.duration);
    });

    test('history is most recent first and back to back before the current song', async (s) => {
      const np = (await s.nowPlaying(s.defaultStation, { now }))!;
      expect(np.song_history.length).toBeGreaterThan(0);
      let end = np.now_playing.played_at;
      for (const h of np.song_history) {
        expect(h.played_at + h.duration).toBe(end);
        end = h.played_at;
      }
    });

    test('when the song ends, it moves to the head of the history', async (s) => {
      const before = (await s.nowPlaying(s.defaultStation, { now }))!;
      const after = (await s.nowPlaying(s.defaultStation, {
        now: (before.now_playing.played_at + before.now_playing.duration) * 1000,
      }))!;
      expect(after.song_history[0]?.sh_id).toBe(before.now_playing.sh_id);
      expect(after.now_playing.song.id).toBe(before.playing_next?.song.id);
    });

    test('the same moment answers the same state', async (s) => {
      expect(await s.nowPlaying(s.defaultStation, { now })).toEqual(await s.nowPlaying(s.defaultStation, { now }));
    });

    test('rejects on an already-aborted signal', async (s) => {
      await expect(s.nowPlaying(s.defaultStation, { now, scope: unboundScope(abortedSignal()) })).rejects.toThrow();
      await expect(s.probe({ scope: unboundScope(abortedSignal()) })).rejects.toThrow();
    });
  });
}
