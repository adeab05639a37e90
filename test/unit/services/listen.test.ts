/** D27: which URL `/listen.mp3` sends a player to, from a station's mounts. */
import { describe, expect, it } from 'vitest';
import { streamUrl } from '../../../core/services/media/listen.ts';
import type { Mount, Station } from '../../../core/domain/radio.ts';

const mount = (id: number, format: string, url: string, is_default = false): Mount => ({
  id,
  name: `${format} ${id}`,
  url,
  bitrate: 128,
  format,
  listeners: { total: 0, unique: 0, current: 0 },
  path: `/radio.${format}`,
  is_default,
});
const station = (mounts: Mount[], listen_url = ''): Station => ({
  id: 1,
  name: 'S',
  shortcode: 's',
  description: '',
  frontend: '',
  backend: '',
  timezone: '',
  listen_url,
  url: '',
  public_player_url: '',
  playlist_pls_url: '',
  playlist_m3u_url: '',
  is_public: true,
  requests_enabled: false,
  mounts,
  remotes: [],
  hls_enabled: false,
  hls_is_default: false,
  hls_url: null,
  hls_listeners: 0,
});

describe('streamUrl', () => {
  it('takes the default mount when it is MP3', () => {
    expect(
      streamUrl(
        station([mount(1, 'mp3', 'https://a.example/one.mp3'), mount(2, 'mp3', 'https://a.example/two.mp3', true)]),
      ),
    ).toBe('https://a.example/two.mp3');
  });

  it('prefers an MP3 mount to a default in another format, since the path promises MP3', () => {
    expect(
      streamUrl(
        station([mount(1, 'aac', 'https://a.example/radio.aac', true), mount(2, 'MP3', 'https://a.example/radio.mp3')]),
      ),
    ).toBe('https://a.example/radio.mp3');
  });

  it('takes the default mount in any format when none is MP3, then listen_url', () => {
    expect(
      streamUrl(
        station([mount(1, 'ogg', 'https://a.example/a.ogg'), mount(2, 'aac', 'https://a.example/b.aac', true)]),
      ),
    ).toBe('https://a.example/b.aac');
    expect(streamUrl(station([], 'http://a.example:8000/radio.mp3'))).toBe('http://a.example:8000/radio.mp3');
  });

  it('never answers what a player cannot open: relative, other schemes, garbage; null when nothing is left', () => {
    expect(streamUrl(station([mount(1, 'mp3', '/radio.mp3', true)], 'javascript:alert(1)'))).toBeNull();
    expect(
      streamUrl(station([mount(1, 'mp3', 'not a url', true), mount(2, 'aac', 'https://a.example/b.aac')], '')),
    ).toBeNull();
    expect(streamUrl(station([mount(1, 'mp3', 'ftp://a.example/r.mp3', true)], 'https://a.example/listen'))).toBe(
      'https://a.example/listen',
    );
  });
});
