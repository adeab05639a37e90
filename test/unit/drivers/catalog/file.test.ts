/** The catalogue file: written deterministically, read back whole, and refused with a precise line when bad. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { createCatalogDrivers, prepareCatalog } from '../../../../core/drivers/catalog/index.ts';
import { parseCatalog } from '../../../../core/drivers/catalog/parse.ts';
import { catalogText } from '../../../../core/drivers/catalog/generate/write.ts';

const data = generateCatalog({ tracks: 1500, seed: 'file-test' });
const text = catalogText(data);
const lines = text.split('\n');
const lineOf = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));

/** The file with line `index` (0-based) rewritten. */
function edited(index: number, edit: (record: Record<string, unknown>) => void): string {
  const copy = [...lines];
  const record = JSON.parse(copy[index]!);
  edit(record);
  copy[index] = JSON.stringify(record);
  return copy.join('\n');
}

describe('catalogue file', () => {
  it('is byte-identical for the same size and seed, and says it is generated', () => {
    expect(catalogText(generateCatalog({ tracks: 1500, seed: 'file-test' }))).toBe(text);
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'sleeve-catalogue', version: 1, generated: true });
  });

  it('reads back the data it was written from, as text or bytes', () => {
    expect(parseCatalog(text).data).toEqual(data);
    expect(parseCatalog(new TextEncoder().encode(text)).data).toEqual(data);
  });

  it('is served by the catalogue sources', async () => {
    const { music, radio } = createCatalogDrivers({ catalog: new TextEncoder().encode(text) });
    const track = data.tracks[42]!;
    expect((await music.track(track.id))?.title).toBe(track.title);
    const np = await radio.nowPlaying('sleeve', { now: Date.UTC(2026, 0, 1, 12) });
    expect(
      data.tracks.some((t) => t.title === np?.now_playing.song.title) || np?.now_playing.song.title === 'Station ID',
    ).toBe(true);
  });

  const bad: [string, () => string, RegExp][] = [
    [
      'a malformed ISRC',
      () =>
        edited(lineOf('{"type":"track"') + 3, (r) => {
          r.isrc = 'GB-12';
        }),
      /line \d+ \(track \d+\), field isrc: must be 12 characters/,
    ],
    [
      'a missing field',
      () =>
        edited(lineOf('{"type":"album"'), (r) => {
          delete r.recordType;
        }),
      /line \d+ \(album \d+\), field recordType/,
    ],
    [
      'an unknown record type',
      () =>
        edited(lineOf('{"type":"artist"'), (r) => {
          r.type = 'band';
        }),
      /line \d+: unknown record type "band"/,
    ],
    ['broken JSON', () => text.replace('{"type":"playlist"', '{"type":"playlist",,'), /line \d+: not valid JSON/],
    [
      'a wrong header',
      () =>
        edited(0, (r) => {
          r.format = 'other';
        }),
      /line 1 \(header\), field format/,
    ],
    [
      'a reference to no album',
      () =>
        edited(lineOf('{"type":"track"'), (r) => {
          r.albumId = 1;
        }),
      /line \d+ \(track \d+\), field albumId: no album has id 1/,
    ],
    [
      'a duplicate ISRC',
      () =>
        edited(lineOf('{"type":"track"') + 1, (r) => {
          r.isrc = data.tracks.find((t) => t.isrc)!.isrc;
        }),
      /field isrc: another track already has ISRC/,
    ],
    ['an empty file', () => '', /empty/],
  ];
  for (const [what, file, message] of bad) {
    it(`refuses ${what}, naming the line, record and field`, async () => {
      const contents = file();
      await expect(prepareCatalog(contents)).rejects.toThrow(message);
      await expect(createCatalogDrivers({ catalog: contents }).music.track(data.tracks[0]!.id)).rejects.toThrow(
        /^catalogue file: /,
      );
    });
  }

  it('names the exact line of the first bad record', async () => {
    const index = lineOf('{"type":"track"') + 7;
    await expect(
      prepareCatalog(
        edited(index, (r) => {
          r.durationMs = -1;
        }),
      ),
    ).rejects.toThrow(`line ${index + 1} (track`);
  });
});

describe('the documented format', () => {
  const page = readFileSync(new URL('../../../../docs/demo-mode.md', import.meta.url), 'utf8');
  const example = /## File format[\s\S]*?```jsonl\n([\s\S]*?)```/.exec(page)?.[1];

  it('the example records of docs/demo-mode.md pass the schemas', () => {
    expect(example).toBeDefined();
    const parsed = parseCatalog(example!).data;
    expect([
      parsed.artists.length,
      parsed.albums.length,
      parsed.tracks.length,
      parsed.playlists.length,
      parsed.charts.length,
    ]).toEqual([2, 1, 1, 1, 1]);
  });

  it('the example of docs/demo-mode.md loads as pasted, through the loader SLEEVE_CATALOG uses, and is served', async () => {
    // prepareCatalog is what start-up gives the file's bytes to: it checks every reference, as the schemas cannot.
    const prepared = await prepareCatalog(new TextEncoder().encode(example!));
    const { music } = createCatalogDrivers({ catalog: prepared });
    expect((await music.track(100000000))?.title).toBe('Signal of Garden');
  });
});
