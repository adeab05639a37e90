/**
 * @module
 * The record-shaped bodies of the links replay, in the platforms' own shapes: Spotify's oEmbed
 * answer (fields as Spotify's oEmbed reference documents them), an open.spotify.com page's head
 * (the Open Graph and `music:*` tags real pages carry: `og:description` as
 * `Artist · Album · Song · Year`, `music:duration` in seconds, one `music:musician` per artist,
 * `music:musician_description` joined by `, `), a Web API track or album for items no recording
 * covers, YouTube's and SoundCloud's oEmbed answers, and a YouTube channel page's head. Every
 * value comes from the item (`links/data.ts`); nothing here invents a fact.
 */
import type { SoundcloudItem, SpotifyItem, YoutubeItem } from './data.ts';

const SPOTIFY = 'https://open.spotify.com';

/** Attribute-safe text, escaped the way open.spotify.com escapes it. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

const year = (date: string | null): string | null => (date === null ? null : (/^(\d{4})/.exec(date)?.[1] ?? null));
const credit = (item: SpotifyItem): string => item.artists.map((a) => a.name).join(', ');

function description(item: SpotifyItem): string {
  const parts: (string | null)[] = (() => {
    switch (item.type) {
      case 'track':
        return [credit(item), item.album?.title ?? null, 'Song', year(item.releaseDate)];
      case 'album':
        return [
          credit(item),
          item.albumType === null ? 'Album' : item.albumType[0]!.toUpperCase() + item.albumType.slice(1),
          year(item.releaseDate),
          item.totalTracks === null ? null : `${item.totalTracks} songs`,
        ];
      case 'artist':
        return ['Artist'];
      case 'playlist':
        return ['Playlist', item.owner];
    }
  })();
  return parts.filter((p) => p !== null && p !== '').join(' · ');
}

/** The page of an item: a realistic head, a body with nothing the driver reads. */
export function spotifyPage(item: SpotifyItem): string {
  const url = `${SPOTIFY}/${item.type}/${item.id}`;
  const ogType = { track: 'music.song', album: 'music.album', artist: 'profile', playlist: 'music.playlist' }[
    item.type
  ];
  const meta: [string, string, string][] = [
    ['property', 'og:site_name', 'Spotify'],
    ['property', 'og:title', item.title],
    ['property', 'og:description', description(item)],
    ['property', 'og:url', url],
    ['property', 'og:type', ogType],
  ];
  if (item.image !== null) meta.push(['property', 'og:image', item.image.url]);
  if (item.type === 'track' && item.durationMs !== null)
    meta.push(['name', 'music:duration', String(Math.round(item.durationMs / 1000))]);
  if (item.type === 'track' && item.album?.id) meta.push(['name', 'music:album', `${SPOTIFY}/album/${item.album.id}`]);
  if (item.type === 'track' && item.trackNumber !== null)
    meta.push(['name', 'music:album:track', String(item.trackNumber)]);
  if (item.type === 'track' || item.type === 'album') {
    for (const artist of item.artists)
      if (artist.id !== null) meta.push(['name', 'music:musician', `${SPOTIFY}/artist/${artist.id}`]);
    meta.push(['name', 'music:musician_description', credit(item)]);
  }
  if ((item.type === 'track' || item.type === 'album') && item.releaseDate !== null)
    meta.push(['name', 'music:release_date', item.releaseDate]);
  if (item.type === 'playlist' && item.owner !== null)
    meta.push(['name', 'music:creator', `${SPOTIFY}/user/${item.owner.toLowerCase()}`]);
  const kind = { track: 'song and lyrics', album: 'Album', artist: 'Songs, Albums, Bio', playlist: 'playlist' }[
    item.type
  ];
  const title =
    item.type === 'artist'
      ? `${item.title} | Spotify`
      : `${item.title} - ${kind} by ${item.type === 'playlist' ? (item.owner ?? 'Spotify') : credit(item)} | Spotify`;
  const tags = meta
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}"/>`)
    .join('');
  const oembed = `${SPOTIFY}/oembed?url=${encodeURIComponent(url)}`;
  return (
    `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>` +
    `<title>${escapeHtml(title)}</title>${tags}<link rel="canonical" href="${url}"/>` +
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}"/></head>` +
    `<body><div id="main"></div><script>/* the web player */</script></body></html>`
  );
}

export function spotifyNotFoundPage(): string {
  return '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Page not available | Spotify</title><meta property="og:site_name" content="Spotify"/></head><body><h1>Page not found</h1></body></html>';
}

export function spotifyOembed(item: SpotifyItem): string {
  const embed = `${SPOTIFY}/embed/${item.type}/${item.id}?utm_source=oembed`;
  const height = item.type === 'track' ? 152 : 352;
  return JSON.stringify({
    html: `<iframe style="border-radius: 12px" width="100%" height="${height}" title="Spotify Embed: ${escapeHtml(item.title)}" frameborder="0" allowfullscreen allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture" loading="lazy" src="${embed}"></iframe>`,
    iframe_url: embed,
    width: 456,
    height,
    version: '1.0',
    provider_name: 'Spotify',
    provider_url: 'https://spotify.com',
    type: 'rich',
    title: item.title,
    ...(item.image === null
      ? {}
      : { thumbnail_url: item.image.url, thumbnail_width: item.image.width, thumbnail_height: item.image.height }),
  });
}

const artistObject = (a: { id: string | null; name: string }): Record<string, unknown> => ({
  external_urls: a.id === null ? {} : { spotify: `${SPOTIFY}/artist/${a.id}` },
  href: a.id === null ? null : `https://api.spotify.com/v1/artists/${a.id}`,
  id: a.id,
  name: a.name,
  type: 'artist',
  uri: a.id === null ? null : `spotify:artist:${a.id}`,
});

/** A Web API object for an item no recording covers (`external_ids` only with what the item knows). */
export function spotifyApiObject(item: SpotifyItem): string {
  if (item.type === 'track') {
    return JSON.stringify({
      album:
        item.album === null
          ? null
          : {
              album_type: item.album.type,
              artists: item.artists.slice(0, 1).map(artistObject),
              id: item.album.id,
              name: item.album.title,
              release_date: item.album.releaseDate,
              release_date_precision: 'day',
              type: 'album',
              uri: item.album.id === null ? null : `spotify:album:${item.album.id}`,
            },
      artists: item.artists.map(artistObject),
      disc_number: 1,
      duration_ms: item.durationMs,
      explicit: false,
      external_ids: item.isrc === null ? {} : { isrc: item.isrc },
      external_urls: { spotify: `${SPOTIFY}/track/${item.id}` },
      href: `https://api.spotify.com/v1/tracks/${item.id}`,
      id: item.id,
      is_local: false,
      name: item.title,
      preview_url: null,
      track_number: item.trackNumber,
      type: 'track',
      uri: `spotify:track:${item.id}`,
    });
  }
  return JSON.stringify({
    album_type: item.albumType ?? 'album',
    total_tracks: item.totalTracks,
    external_urls: { spotify: `${SPOTIFY}/album/${item.id}` },
    href: `https://api.spotify.com/v1/albums/${item.id}`,
    id: item.id,
    images: [],
    name: item.title,
    release_date: item.releaseDate,
    release_date_precision: 'day',
    type: 'album',
    uri: `spotify:album:${item.id}`,
    artists: item.artists.map(artistObject),
    external_ids: item.upc === null ? {} : { upc: item.upc },
    label: null,
  });
}

/** YouTube's oEmbed answer for a video or a playlist. */
export function youtubeOembed(item: YoutubeItem): string {
  const video = item.id !== undefined;
  const src = video
    ? `https://www.youtube.com/embed/${item.id}?feature=oembed`
    : `https://www.youtube.com/embed/videoseries?list=${item.list}`;
  return JSON.stringify({
    title: item.title,
    author_name: item.author_name,
    author_url: item.author_url,
    type: 'video',
    height: 113,
    width: 200,
    version: '1.0',
    provider_name: 'YouTube',
    provider_url: 'https://www.youtube.com/',
    ...(video
      ? {
          thumbnail_height: 360,
          thumbnail_width: 480,
          thumbnail_url: `https://i.ytimg.com/vi/${item.id}/hqdefault.jpg`,
        }
      : {}),
    html: `<iframe width="200" height="113" src="${src}" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen title="${escapeHtml(item.title ?? '')}"></iframe>`,
  });
}

/** A channel page: the head's Open Graph tags, as channel pages carry them. */
export function youtubeChannelPage(id: string, ogTitle: string): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><title>${escapeHtml(ogTitle)} - YouTube</title>` +
    `<meta property="og:site_name" content="YouTube"><meta property="og:url" content="https://www.youtube.com/channel/${id}">` +
    `<meta property="og:title" content="${escapeHtml(ogTitle)}"><meta property="og:type" content="profile">` +
    `<meta property="og:description" content="Auto-generated by YouTube."></head><body></body></html>`
  );
}

/** SoundCloud's oEmbed answer. */
export function soundcloudOembed(item: SoundcloudItem): string {
  const height = item.kind === 'track' ? 400 : 450;
  const player = `https://w.soundcloud.com/player/?visual=true&url=${encodeURIComponent(`https://soundcloud.com/${item.path}`)}&show_artwork=true`;
  return JSON.stringify({
    version: 1,
    type: 'rich',
    provider_name: 'SoundCloud',
    provider_url: 'https://soundcloud.com',
    height,
    width: '100%',
    title: item.title,
    description: null,
    thumbnail_url: 'https://soundcloud.com/images/fb_placeholder.png',
    html: `<iframe width="100%" height="${height}" scrolling="no" frameborder="no" src="${escapeHtml(player)}"></iframe>`,
    author_name: item.author_name,
    author_url: item.author_url,
  });
}
