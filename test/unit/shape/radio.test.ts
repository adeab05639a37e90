import { describe, expect, it } from 'vitest';
import { nowPlayingSchema } from '../../../core/schemas/responses/index.ts';
import { nowPlayingBody } from '../../../core/shape/radio.ts';
import { nowPlaying } from '../../helpers/domain.ts';
import { valid } from '../../helpers/shape/valid.ts';

const BASE = 'https://music.example.com';

describe('/nowplaying body (D12)', () => {
  it('recomputes elapsed and remaining from played_at and the clock', () => {
    const body = valid(nowPlayingSchema, nowPlayingBody(nowPlaying(1000, 200), 1_050_400, BASE));
    expect(body.now_playing).toMatchObject({ elapsed: 50, remaining: 150 });
    expect(body.cache).toBeNull();
  });

  it('keeps elapsed within the song', () => {
    expect(nowPlayingBody(nowPlaying(1000, 200), 999_000, BASE).now_playing).toMatchObject({
      elapsed: 0,
      remaining: 200,
    });
    expect(nowPlayingBody(nowPlaying(1000, 200), 2_000_000, BASE).now_playing).toMatchObject({
      elapsed: 200,
      remaining: 0,
    });
  });

  it('drops fields an upstream added beyond the spec', () => {
    const np = nowPlaying(1000, 200);
    const noisy = {
      ...np,
      station: { ...np.station, extra: 1 },
      now_playing: { ...np.now_playing, song: { ...np.now_playing.song, extra: 2 } },
    };
    valid(nowPlayingSchema, nowPlayingBody(noisy, 1_000_000, BASE));
  });

  it('answers song art on this service as absolute URLs, and keeps upstream URLs as they are', () => {
    const np = nowPlaying(1000, 200);
    const local = {
      ...np,
      now_playing: { ...np.now_playing, song: { ...np.now_playing.song, art: '/cover?artist=A&title=B' } },
    };
    expect(nowPlayingBody(local, 1_000_000, BASE).now_playing.song.art).toBe(`${BASE}/cover?artist=A&title=B`);
    const remote = {
      ...np,
      now_playing: { ...np.now_playing, song: { ...np.now_playing.song, art: 'https://radio.example/art/1.jpg' } },
    };
    expect(nowPlayingBody(remote, 1_000_000, BASE).now_playing.song.art).toBe('https://radio.example/art/1.jpg');
  });
});
