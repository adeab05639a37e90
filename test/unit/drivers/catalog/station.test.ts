/** The simulated station beyond the radio contract: the day's shape, live shows, mounts, continuity. */
import { describe, expect, it } from 'vitest';
import { createCatalogDrivers } from '../../../../core/drivers/catalog/index.ts';
import type { NowPlaying } from '../../../../core/domain/radio.ts';

const { radio, music } = createCatalogDrivers();
const DAY = Date.UTC(2026, 10, 16);
const at = async (ms: number): Promise<NowPlaying> => (await radio.nowPlaying('sleeve', { now: ms }))!;

describe('simulated station', () => {
  it('serves the configured shortcode, and only that one', async () => {
    const own = createCatalogDrivers({ station: 'night-owl' }).radio;
    expect(own.defaultStation).toBe('night-owl');
    expect((await own.nowPlaying('night-owl', { now: DAY }))?.station.shortcode).toBe('night-owl');
    expect(await own.nowPlaying('sleeve', { now: DAY })).toBeNull();
    expect(radio.defaultStation).toBe('sleeve');
  });

  it('has listeners that follow the time of day', async () => {
    const counts = await Promise.all(
      Array.from({ length: 24 }, async (_, h) => (await at(DAY + h * 3_600_000 + 1_800_000)).listeners.current),
    );
    expect(Math.max(...counts)).toBeGreaterThan(Math.min(...counts) * 2);
    expect(counts.indexOf(Math.min(...counts))).toBeLessThan(8);
  });

  it('has a live DJ on some hours of a week, named in live and now_playing', async () => {
    const hours = await Promise.all(Array.from({ length: 7 * 24 }, (_, h) => at(DAY + h * 3_600_000 + 600_000)));
    const live = hours.filter((np) => np.live.is_live);
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThan(hours.length / 4);
    for (const np of live) {
      expect(np.live.streamer_name).not.toBe('');
      expect(np.now_playing.streamer).toBe(np.live.streamer_name);
      expect(np.live.broadcast_start).toBeLessThanOrEqual(np.now_playing.played_at + np.now_playing.duration);
    }
    for (const np of hours.filter((x) => !x.live.is_live)) expect(np.live.broadcast_start).toBeNull();
  });

  it('streams mp3 and aac mounts whose listeners add up to the station total', async () => {
    const np = await at(DAY + 15 * 3_600_000);
    expect(np.station.mounts.map((m) => [m.format, m.bitrate])).toEqual([
      ['mp3', 128],
      ['aac', 64],
    ]);
    expect(np.station.mounts.reduce((sum, m) => sum + m.listeners.current, 0)).toBe(np.listeners.current);
    expect(np.station.mounts.filter((m) => m.is_default)).toHaveLength(1);
  });

  it('plays catalogue tracks back to back across hour boundaries for half a day', async () => {
    let np = await at(DAY);
    let tracks = 0;
    for (let i = 0; i < 150; i++) {
      const end = np.now_playing.played_at + np.now_playing.duration;
      const next = await at(end * 1000);
      expect(next.now_playing.played_at).toBe(end);
      if (np.now_playing.song.isrc !== '') {
        expect((await music.trackByIsrc(np.now_playing.song.isrc))?.title).toBe(np.now_playing.song.title);
        tracks++;
      }
      np = next;
    }
    expect(tracks).toBeGreaterThan(100);
    expect(np.now_playing.played_at - DAY / 1000).toBeGreaterThan(6 * 3600);
  });
});
