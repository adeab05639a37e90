/**
 * D29 in demo mode: `/share/card` (and its alias `/share-card`) and `/og`, as SVG and PNG:
 * well-formed SVG with every text escaped and bounded, PNGs of 1200 × 630, the cover `/cover`
 * draws for the same names, validators and 304s, the D3 errors, public and not batchable,
 * and a 503 `not_configured` for PNG (SVG still served) where resvg's files cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { renderBudgetSize } from '../../../core/cards/render-budget.ts';
import type { CardFiles } from '../../../core/installed/card-files.ts';
import { textWidth } from '../../../core/cards/text.ts';
import type { CardRenderer, MusicDriver, Track } from '../../../core/index.ts';
import { assertWellFormed, expectPng } from '../../helpers/cards/image.ts';
import { chartTracks } from '../../helpers/routes/fixtures.ts';
import { fails, makeSleeve, music, sleeve, UA } from '../../helpers/routes/client.ts';

interface Got {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
}

/** Asked with no User-Agent at all, as an `<img>` tag or a crawler may. */
async function get(path: string, headers: Record<string, string> = {}, on = sleeve): Promise<Got> {
  const res = await on.fetch(new Request(`http://sleeve.test${path}`, { headers }));
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}

const [track] = await chartTracks(1);
const full = (await music.track(track!.id))!;

/** The card's own `<text>` elements (not its picture's), unescaped, with their size and weight. */
const lines = (svg: string): { text: string; size: number; bold: boolean }[] =>
  [...svg.replace(/<svg x="60"[\s\S]*?<\/svg>/, '').matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => ({
    text: m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    size: Number(/font-size="(\d+)"/.exec(m[1]!)![1]),
    bold: m[1]!.includes('font-weight="700"'),
  }));
const texts = (svg: string): string[] => lines(svg).map((l) => l.text);

describe('/share/card', () => {
  it('SVG: well-formed, 1200 × 630, the track, its artists, album and key/tempo, and the demo note', async () => {
    const got = await get(`/share/card?id=${full.id}&format=svg`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    assertWellFormed(got.text);
    expect(got.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630"/);
    const shown = texts(got.text).join('\n');
    expect(shown).toContain(full.artists.map((a) => a.name).join(', '));
    expect(shown).toContain(full.album.title);
    expect(shown).toMatch(/ (Major|Minor) · \d+ BPM · \d+:\d\d/);
    expect(shown).toContain('Demo data (generated)');
  });

  it("embeds the very art /cover draws for the track's album, and links nothing", async () => {
    const card = await get(`/share/card?id=${full.id}&format=svg`);
    const cover = await get(
      `/cover?artist=${encodeURIComponent(full.artist.name)}&title=${encodeURIComponent(full.album.title)}`,
      { 'user-agent': UA },
    );
    const circles = cover.text.match(/<circle [^>]*\/>/g)!;
    expect(circles.length).toBeGreaterThan(0);
    for (const circle of circles) expect(card.text).toContain(circle);
    expect(card.text).not.toMatch(/href="(?!data:)/);
  });

  it('PNG by default: 1200 × 630, public, cached a week, the same ETag family as the SVG it is drawn from', async () => {
    const png = await get(`/share/card?id=${full.id}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expectPng(png.bytes, 1200, 630);
    expect(png.headers.get('cache-control')).toBe('public, max-age=604800');
    const svg = await get(`/share/card?id=${full.id}&format=svg`);
    expect(png.headers.get('etag')).toBe(svg.headers.get('etag')!.replace('svg-', 'png-'));
    const again = await get(`/share/card?id=${full.id}`, { 'if-none-match': png.headers.get('etag')! });
    expect([again.status, again.bytes.length]).toEqual([304, 0]);
  });

  it('by ISRC the same card; the alias /share-card the same; pins before 2.1.1 know only the alias', async () => {
    const byId = await get(`/share/card?id=${full.id}&format=svg`);
    const byIsrc = await get(`/share/card?isrc=${full.isrc!.toLowerCase()}&format=svg`);
    const alias = await get(`/share-card?id=${full.id}&format=svg`);
    expect(byIsrc.text).toBe(byId.text);
    expect(alias.text).toBe(byId.text);
    expect((await get(`/v2.1.0/share/card?id=${full.id}`)).status).toBe(404);
    expect((await get(`/v2.1.0/share-card?id=${full.id}&format=svg`)).text).toBe(byId.text);
  });

  it('D3 errors: neither id nor isrc, a bad id, ISRC or format, an unknown track', async () => {
    await fails('/share/card', 400, 'bad_request', 'id');
    await fails('/share/card?id=abc', 400, 'bad_request', 'id');
    await fails('/share/card?isrc=SHORT', 400, 'bad_request', 'isrc');
    await fails(`/share/card?id=${full.id}&format=gif`, 400, 'bad_request', 'format');
    await fails('/share/card?id=999999999999', 404, 'not_found');
    await fails('/share/card?isrc=ZZ0000000000&format=svg', 404, 'not_found');
  });

  it('is not batchable (an image): its batch entry is a 400', async () => {
    const res = await sleeve.fetch(
      new Request('http://sleeve.test/batch', {
        method: 'POST',
        headers: { 'user-agent': UA, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ path: `/share/card?id=${full.id}` }, { path: `/og?id=${full.id}` }] }),
      }),
    );
    const body = await res.json();
    expect([body.responses['0'].status, body.responses['1'].status]).toEqual([400, 400]);
  });
});

describe('/og', () => {
  it('a track, an album and an artist, each its own card; type defaults to track', async () => {
    const asTrack = await get(`/og?id=${full.id}&format=svg`);
    expect(asTrack.text).toBe((await get(`/share/card?id=${full.id}&format=svg`)).text);
    const album = (await music.album(full.album.id))!;
    const albumCard = await get(`/og?type=album&id=${album.id}&format=svg`);
    assertWellFormed(albumCard.text);
    expect(texts(albumCard.text)).toEqual(
      expect.arrayContaining([album.artist.name, expect.stringMatching(new RegExp(`${album.trackCount} tracks?`))]),
    );
    const artist = (await music.artist(full.artist.id))!;
    const artistCard = await get(`/og?type=artist&id=${artist.id}&format=svg`);
    assertWellFormed(artistCard.text);
    // A long name wraps onto two lines.
    expect(texts(artistCard.text).join(' ')).toContain(artist.name);
    expect(artistCard.text).toContain('<circle cx="315" cy="315" r="255"/>');
    expectPng((await get(`/og?type=artist&id=${artist.id}`)).bytes, 1200, 630);
  });

  it('D3 errors: a missing id, an unknown type, an unknown item', async () => {
    await fails('/og', 400, 'bad_request', 'id');
    await fails(`/og?type=song&id=${full.id}`, 400, 'bad_request', 'type');
    await fails('/og?type=album&id=999999999999', 404, 'not_found');
    await fails('/og?type=artist&id=999999999999&format=svg', 404, 'not_found');
  });
});

describe('hostile and long names', () => {
  const hostile: Track = {
    ...full,
    title: `</text><script>alert("x")</script> & 'quotes' ]]> <!-- \u0001\u0008${'Very long title '.repeat(20)}`,
    artists: [
      { id: 1, name: '<A & B>', role: 'Main' },
      { id: 2, name: `"${'Name'.repeat(80)}"`, role: 'Featured' },
    ],
    album: { ...full.album, title: `Album & <Co> ${'x'.repeat(300)}` },
  };
  const source: MusicDriver = { ...music, track: async (id, o) => (id === full.id ? hostile : music.track(id, o)) };
  const tricked = makeSleeve({ sources: { music: source } });

  it('are escaped into a well-formed SVG that resvg draws, every line within the card', async () => {
    const svg = await get(`/share/card?id=${full.id}&format=svg`, {}, tricked);
    assertWellFormed(svg.text);
    expect(svg.text).not.toContain('<script');
    const shown = texts(svg.text);
    expect(shown[0]).toMatch(/^<\/text><scri.*…$/);
    // The text column runs from x=626 to 60 px before the right edge.
    for (const line of lines(svg.text).filter((l) => l.text !== 'Sleeve'))
      expect(textWidth(line.text, line.size, line.bold), line.text).toBeLessThanOrEqual(1200 - 626 - 60);
    expect(shown.filter((t) => t.endsWith('…')).length).toBeGreaterThanOrEqual(3);
    expect(svg.bytes.length).toBeLessThan(20_000);
    expectPng((await get(`/share/card?id=${full.id}`, {}, tricked)).bytes, 1200, 630);
  });
});

describe('where resvg cannot be loaded (D29)', () => {
  it('PNG is a 503 not_configured that says what to do; SVG still works; the reason is logged once', async () => {
    const logged: string[] = [];
    const cardFiles: CardFiles = async (name) => {
      throw new Error(`ENOENT: ${name}`);
    };
    const bare = makeSleeve({ cardFiles, log: { info: () => {}, error: (message) => void logged.push(message) } });
    for (let i = 0; i < 2; i++) {
      const png = await get(`/og?id=${full.id}`, {}, bare);
      expect(png.status).toBe(503);
      const body = JSON.parse(png.text);
      expect(body.error.code).toBe('not_configured');
      expect(body.error.message).toMatch(/format=svg.*cardFiles/s);
      expect(body.error.message).not.toContain('ENOENT');
    }
    expect(logged).toEqual(['PNG cards cannot read their files']);
    expect((await get(`/og?id=${full.id}&format=svg`, {}, bare)).status).toBe(200);
  });
});

describe('the PNG drawing budget (D29, D53)', () => {
  // Drawn on the answering thread (no cardRenderer given): 5 new cards a clock second, a client at most 3 of them.
  const size = renderBudgetSize(0);
  const from = (ip: string) => (path: string) =>
    Promise.resolve(budgeted.fetch(new Request(`http://sleeve.test${path}`), { clientIp: ip })).then(async (res) => ({
      status: res.status,
      retry: res.headers.get('retry-after'),
      code: res.status === 200 ? undefined : (await res.json()).error.code,
    }));
  const clock = { now: Date.UTC(2026, 10, 22, 12, 0, 0, 100) };
  const budgeted = makeSleeve({ now: () => clock.now });

  it(`draws at most ${size.perSecond} new PNGs a clock second per instance, a client at most ${size.perClientPerSecond}; then 503 with Retry-After, while SVG and kept PNGs still answer`, async () => {
    expect([size.perSecond, size.perClientPerSecond]).toEqual([5, 3]);
    const albums = (await music.newReleases({ limit: size.perSecond + 2 })).map((a) => a.id);
    expect(new Set(albums).size).toBe(size.perSecond + 2);
    const [a, b, c] = [from('10.0.0.1'), from('10.0.0.2'), from('10.0.0.3')];
    for (const id of albums.slice(0, 3)) expect((await a(`/og?type=album&id=${id}`)).status).toBe(200);
    // Client a has had its share of this second; b still gets the rest of the instance's.
    expect(await a(`/og?type=album&id=${albums[3]}`)).toEqual({ status: 503, retry: '1', code: 'service_unavailable' });
    for (const id of albums.slice(3, 5)) expect((await b(`/og?type=album&id=${id}`)).status).toBe(200);
    const over = await c(`/og?type=album&id=${albums[5]}`);
    expect(over).toEqual({ status: 503, retry: '1', code: 'service_unavailable' });
    expect((await c(`/og?type=album&id=${albums[5]}&format=svg`)).status).toBe(200);
    expect((await c(`/og?type=album&id=${albums[0]}`)).status).toBe(200);
    clock.now += 1000;
    expect((await a(`/og?type=album&id=${albums[5]}`)).status).toBe(200);
  });
});

describe('drawing beside other clients (D53)', () => {
  it('while cards are being drawn, another client is answered; a client past its share is a 503 at once, never a wait', async () => {
    // A renderer on one thread of its own whose drawings end when the test says.
    const held: (() => void)[] = [];
    const cardRenderer: CardRenderer = () => ({
      threads: 1,
      render: () => new Promise((resolve) => held.push(() => resolve(new Uint8Array(8)))),
    });
    const pooled = makeSleeve({ cardRenderer });
    const ask = async (ip: string, path: string): Promise<Response> =>
      pooled.fetch(new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA } }), { clientIp: ip });
    const albums = (await music.newReleases({ limit: 3 })).map((a) => a.id);
    const done: string[] = [];
    const drawing = albums
      .slice(0, 2)
      .map((id, i) => ask('10.0.0.1', `/og?type=album&id=${id}`).then((res) => (done.push(`card ${i}`), res.status)));
    while (held.length < 1) await new Promise((resolve) => setImmediate(resolve));
    // One drawing, one waiting: the client's share. A third is refused at once.
    const third = await ask('10.0.0.1', `/og?type=album&id=${albums[2]}`);
    expect([third.status, third.headers.get('retry-after')]).toEqual([503, '1']);
    const other = await ask('10.0.0.2', '/errors');
    done.push('other');
    expect(other.status).toBe(200);
    expect(done).toEqual(['other']);
    held.shift()!();
    while (held.length < 1) await new Promise((resolve) => setImmediate(resolve));
    held.shift()!();
    expect(await Promise.all(drawing)).toEqual([200, 200]);
    expect(done).toEqual(['other', 'card 0', 'card 1']);
  });
});
