/** ReccoBeats' wire format, the choice between releases, and `Retry-After`: pure functions. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { featureRecords, trackRecords, WireError } from '../../../core/drivers/reccobeats/wire.ts';
import { choose, distance, needsLookup } from '../../../core/drivers/reccobeats/choose.ts';
import { retryAfterMs } from '../../../core/drivers/reccobeats/client.ts';
import type { StoredRecord } from '../../../core/drivers/reccobeats/store.ts';

const recorded = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/reccobeats/${file}`, import.meta.url), 'utf8'));
const FEATURES = recorded('audio-features__ids-0VjIjW4GlUZAMYd2vXMi3b.json') as { content: Record<string, unknown>[] };
const RECORD = FEATURES.content[0]!;

describe('featureRecords', () => {
  it('maps the recorded answer', () => {
    expect(featureRecords(FEATURES)).toEqual([
      {
        id: '25c8ca63-5895-4572-84eb-a7040bc08c4d',
        href: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b',
        isrc: 'USUG11904206',
        features: {
          keyIndex: 1,
          mode: 'Major',
          timeSignature: null,
          tempo: 171.001,
          loudness: -5.94,
          energy: 0.73,
          danceability: 0.513,
          valence: 0.334,
          acousticness: 0.00143,
          instrumentalness: 0.0000954,
          liveness: 0.0897,
          speechiness: 0.0598,
        },
      },
    ]);
  });

  it('answers an empty content as no records; upper-cases an ISRC; a missing ISRC or href is null', () => {
    expect(featureRecords({ content: [] })).toEqual([]);
    const [one] = featureRecords({ content: [{ ...RECORD, isrc: 'usug11904206', href: null }] });
    expect(one).toMatchObject({ isrc: 'USUG11904206', href: null });
    expect(featureRecords({ content: [{ ...RECORD, isrc: undefined }] })[0]?.isrc).toBeNull();
  });

  it.each([
    ['no content', { data: [] }],
    ['not an object', [RECORD]],
    ['a key of 12', { content: [{ ...RECORD, key: 12 }] }],
    ['a key of -2', { content: [{ ...RECORD, key: -2 }] }],
    ['a mode of 2', { content: [{ ...RECORD, mode: 2 }] }],
    ['an energy above 1', { content: [{ ...RECORD, energy: 1.2 }] }],
    ['a tempo as text', { content: [{ ...RECORD, tempo: '120' }] }],
    ['no id', { content: [{ ...RECORD, id: undefined }] }],
    ['a null record', { content: [null] }],
  ])('rejects %s', (_, body) => {
    expect(() => featureRecords(body)).toThrow(WireError);
  });
});

describe('trackRecords', () => {
  it('reads title and duration of the recorded /v1/track answer', () => {
    expect(trackRecords(recorded('track__ids-0VjIjW4GlUZAMYd2vXMi3b__ELIDED.json'))).toEqual([
      {
        id: '25c8ca63-5895-4572-84eb-a7040bc08c4d',
        href: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b',
        title: 'Blinding Lights',
        durationMs: 200040,
      },
    ]);
  });

  it('rejects a record without title or duration', () => {
    expect(() => trackRecords({ content: [{ id: 'x', durationMs: 1 }] })).toThrow(WireError);
    expect(() => trackRecords({ content: [{ id: 'x', trackTitle: 'T' }] })).toThrow(WireError);
  });
});

describe('choose', () => {
  const f = featureRecords(FEATURES)[0]!.features;
  const record = (id: string, title?: string, durationMs?: number): StoredRecord => ({
    id,
    href: null,
    f,
    ...(title === undefined ? {} : { t: durationMs === undefined ? null : { title, durationMs } }),
  });
  const album = record('album', 'Harder, Better, Faster, Stronger', 224_000);
  const edit = record('edit', 'Harder, Better, Faster, Stronger (Edit)', 187_000);
  const remaster = record('remaster', 'Harder, Better, Faster, Stronger - Remastered 2011', 224_500);

  it('takes the only record, or the first with no hint', () => {
    expect(choose([], undefined)).toBeUndefined();
    expect(choose([album], { title: 'x', durationMs: 1 })).toBe(album);
    expect(choose([edit, album], undefined)).toBe(edit);
  });

  it('weighs duration most, title next', () => {
    expect(choose([edit, album], { title: 'Harder Better Faster Stronger', durationMs: 224_000 })).toBe(album);
    expect(choose([album, edit], { title: 'Harder Better Faster Stronger', durationMs: 187_000 })).toBe(edit);
    // Same duration within half a second: the title decides.
    expect(choose([remaster, album], { title: 'Harder, Better, Faster, Stronger', durationMs: 224_200 })).toBe(album);
    expect(distance(album, { title: 'Harder, Better, Faster, Stronger', durationMs: 224_000 })).toBe(0);
  });

  it('prefers records it knows something of; keeps the provider order on ties', () => {
    const unseen = record('unseen');
    const unlisted = record('unlisted', '');
    expect(choose([unseen, unlisted, edit], { title: 'x', durationMs: 1 })).toBe(edit);
    expect(choose([unseen, unlisted], { title: 'x', durationMs: 1 })).toBe(unseen);
    expect(
      choose([album, { ...album, id: 'twin' }], { title: 'Harder, Better, Faster, Stronger', durationMs: 224_000 })?.id,
    ).toBe('album');
  });

  it('needs a lookup only for a hinted ISRC with several records not looked up yet', () => {
    const hint = { title: 'x', durationMs: 1 };
    expect(needsLookup([record('a'), record('b')], hint)).toBe(true);
    expect(needsLookup([record('a'), record('b')], undefined)).toBe(false);
    expect(needsLookup([record('a')], hint)).toBe(false);
    expect(needsLookup([album, record('b', '')], hint)).toBe(false);
  });
});

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 0, 1);
  it('reads delta-seconds and HTTP dates; absent or unreadable is undefined', () => {
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs(new Date(now + 4000).toUTCString(), now)).toBe(4000);
    expect(retryAfterMs(new Date(now - 4000).toUTCString(), now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-3', now)).toBeUndefined();
  });
});
