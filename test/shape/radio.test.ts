import { describe, expect, it } from 'vitest';
import { nowPlayingSchema } from '../../core/schemas/responses/index.ts';
import { nowPlayingBody } from '../../core/shape/radio.ts';
import { nowPlaying } from '../helpers/domain.ts';
import { valid } from './_valid.ts';

describe('/nowplaying body (spec §4.19, D12)', () => {
  it('recomputes elapsed and remaining from played_at and the clock', () => {
    const body = valid(nowPlayingSchema, nowPlayingBody(nowPlaying(1000, 200), 1_050_400));
    expect(body.now_playing).toMatchObject({ elapsed: 50, remaining: 150 });
    expect(body.cache).toBeNull();
  });

  it('keeps elapsed within the song', () => {
    expect(nowPlayingBody(nowPlaying(1000, 200), 999_000).now_playing).toMatchObject({ elapsed: 0, remaining: 200 });
    expect(nowPlayingBody(nowPlaying(1000, 200), 2_000_000).now_playing).toMatchObject({ elapsed: 200, remaining: 0 });
  });

  it('drops fields an upstream added beyond the spec', () => {
    const np = nowPlaying(1000, 200);
    const noisy = { ...np, station: { ...np.station, extra: 1 }, now_playing: { ...np.now_playing, song: { ...np.now_playing.song, extra: 2 } } };
    valid(nowPlayingSchema, nowPlayingBody(noisy, 1_000_000));
  });
});
