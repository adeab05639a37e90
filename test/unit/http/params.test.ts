/** D4: the parameter building blocks, and the params layer that reads the query strictly. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { readQuery } from '../../../core/http/layers/query.ts';
import { listKeys, validate } from '../../../core/http/layers/params.ts';
import {
  countryParam,
  csvSubset,
  idParam,
  integerParam,
  isrcParam,
  optionalEnum,
  optionalInteger,
  optionalNumber,
  optionalText,
  requiredText,
} from '../../../core/schemas/params.ts';
import { SleeveError } from '../../../core/errors.ts';
import { echoEndpoint, testApp, stub } from '../../helpers/http/app.ts';

/** Validates `query` against `{ [name]: schema }`: the output, or the 400's param and message. */
function check(name: string, schema: v.GenericSchema<unknown, unknown>, query: Record<string, string | undefined>) {
  try {
    return { ok: validate(v.object({ [name]: schema }), query)[name] };
  } catch (error) {
    if (!(error instanceof SleeveError)) throw error;
    return { status: error.status, param: error.param, message: error.message };
  }
}

describe('building blocks (core/schemas/params.ts)', () => {
  it('requiredText: trims; absent, empty or blank is a 400 naming it; over the bound is a 400', () => {
    const s = requiredText('query');
    expect(check('query', s, { query: '  Daft Punk ' })).toEqual({ ok: 'Daft Punk' });
    for (const query of [{}, { query: '' }, { query: '   ' }]) {
      expect(check('query', s, query)).toMatchObject({
        status: 400,
        param: 'query',
        message: expect.stringMatching(/^query is required/),
      });
    }
    expect(check('query', s, { query: 'x'.repeat(200) })).toEqual({ ok: 'x'.repeat(200) });
    expect(check('query', s, { query: 'x'.repeat(201) })).toEqual({
      status: 400,
      param: 'query',
      message: 'query must be at most 200 characters',
    });
  });

  it('optionalText: blank is absent', () => {
    const s = optionalText('title');
    expect(check('title', s, {})).toEqual({ ok: undefined });
    expect(check('title', s, { title: '  ' })).toEqual({ ok: undefined });
    expect(check('title', s, { title: ' x ' })).toEqual({ ok: 'x' });
    expect(check('title', s, { title: 'y'.repeat(201) })).toMatchObject({ status: 400, param: 'title' });
  });

  it('integerParam: default when absent; out of bounds or not an integer is a 400 stating the bounds, never clamped', () => {
    const s = integerParam('limit', 1, 25, 5);
    expect(check('limit', s, {})).toEqual({ ok: 5 });
    expect(check('limit', s, { limit: '25' })).toEqual({ ok: 25 });
    expect(check('limit', s, { limit: '1' })).toEqual({ ok: 1 });
    for (const limit of ['0', '26', '-1', '2.5', 'ten', '', ' ', '1e2', '0x10', '99999999999999999999']) {
      expect(check('limit', s, { limit }), limit).toEqual({
        status: 400,
        param: 'limit',
        message: 'limit must be an integer from 1 to 25',
      });
    }
  });

  it('optionalInteger and optionalNumber (tempo 1..300, energy 0..1)', () => {
    expect(check('tempo', optionalInteger('tempo', 1, 300), {})).toEqual({ ok: undefined });
    expect(check('tempo', optionalInteger('tempo', 1, 300), { tempo: '120' })).toEqual({ ok: 120 });
    for (const tempo of ['0', '301', '12.5', 'fast']) {
      expect(check('tempo', optionalInteger('tempo', 1, 300), { tempo })).toMatchObject({
        status: 400,
        message: 'tempo must be an integer from 1 to 300',
      });
    }
    expect(check('energy', optionalNumber('energy', 0, 1), { energy: '0.5' })).toEqual({ ok: 0.5 });
    expect(check('energy', optionalNumber('energy', 0, 1), { energy: '.25' })).toEqual({ ok: 0.25 });
    for (const energy of ['1.5', '-0.1', 'high', 'NaN', 'Infinity', '']) {
      expect(check('energy', optionalNumber('energy', 0, 1), { energy })).toMatchObject({
        status: 400,
        param: 'energy',
        message: 'energy must be a number from 0 to 1',
      });
    }
  });

  it('idParam: positive integer ids only', () => {
    expect(check('id', idParam('id'), { id: '27' })).toEqual({ ok: 27 });
    for (const query of [{}, { id: '0' }, { id: '-3' }, { id: 'abc' }, { id: '1.5' }]) {
      expect(check('id', idParam('id'), query)).toMatchObject({ status: 400, param: 'id' });
    }
  });

  it('isrcParam: exactly 12 letters or digits, case-insensitive, answered upper-case', () => {
    expect(check('isrc', isrcParam(), { isrc: 'usum72409273' })).toEqual({ ok: 'USUM72409273' });
    expect(check('isrc', isrcParam(), { isrc: ' USUM72409273 ' })).toEqual({ ok: 'USUM72409273' });
    for (const isrc of ['USUM7240927', 'USUM724092733', 'US-UM7-24-09273', 'USUM7240927é', '']) {
      expect(check('isrc', isrcParam(), { isrc })).toMatchObject({
        status: 400,
        param: 'isrc',
        message: expect.stringContaining('12 letters or digits'),
      });
    }
    expect(check('isrc', isrcParam(), {})).toMatchObject({ status: 400, param: 'isrc', message: 'isrc is required' });
  });

  it('countryParam: two letters, upper-cased', () => {
    expect(check('country', countryParam(), { country: 'fr' })).toEqual({ ok: 'FR' });
    expect(check('country', countryParam(), {})).toEqual({ ok: undefined });
    for (const country of ['FRA', 'F', '12'])
      expect(check('country', countryParam(), { country })).toMatchObject({ status: 400, param: 'country' });
  });

  it('csvSubset: deduplicated, in the allowed order, default all; unknown entries are a 400', () => {
    const s = csvSubset('types', ['tracks', 'artists', 'albums', 'playlists'] as const);
    expect(check('types', s, {})).toEqual({ ok: ['tracks', 'artists', 'albums', 'playlists'] });
    expect(check('types', s, { types: 'albums, Tracks,albums' })).toEqual({ ok: ['tracks', 'albums'] });
    for (const types of ['songs', 'tracks,songs', '', ',']) {
      expect(check('types', s, { types })).toMatchObject({
        status: 400,
        param: 'types',
        message: 'types must be a comma-separated list of tracks, artists, albums, playlists',
      });
    }
  });

  it('optionalEnum: one of the values', () => {
    const s = optionalEnum('type', ['album', 'single', 'ep', 'compilation'] as const);
    expect(check('type', s, { type: 'ep' })).toEqual({ ok: 'ep' });
    expect(check('type', s, {})).toEqual({ ok: undefined });
    expect(check('type', s, { type: 'mixtape' })).toEqual({
      status: 400,
      param: 'type',
      message: 'type must be one of album, single, ep, compilation',
    });
  });
});

describe('reading the query (core/http/layers/query.ts)', () => {
  const declared = new Set(['query', 'limit']);

  it('decodes percent-encoding and +, keeps unknown parameters, ignores their repeats', () => {
    expect(readQuery('/x?query=Daft+Punk%20%C3%A9t%C3%A9&limit=3&utm=a&utm=b&flag', declared)).toEqual({
      query: 'Daft Punk été',
      limit: '3',
      utm: 'b',
      flag: '',
    });
    expect(readQuery('/x', declared)).toEqual({});
    expect(readQuery('/x?', declared)).toEqual({});
  });

  it('a repeated declared parameter is a 400 naming it', () => {
    expect(() => readQuery('/x?limit=1&limit=2', declared)).toThrow(
      expect.objectContaining({ status: 400, param: 'limit', message: 'limit must be given once' }),
    );
  });

  it('a repeated list parameter is the same list, its values joined; a scalar one given twice is still a 400 (D40)', () => {
    const lists = new Set(['types']);
    const both = new Set([...declared, 'types']);
    expect(readQuery('/x?types=tracks&types=albums', both, lists)).toEqual({ types: 'tracks,albums' });
    expect(readQuery('/x?types=tracks,albums&types=artists&query=a', both, lists)).toEqual({
      types: 'tracks,albums,artists',
      query: 'a',
    });
    expect(() => readQuery('/x?types=a&limit=1&limit=2', both, lists)).toThrow(
      expect.objectContaining({ status: 400, param: 'limit', message: 'limit must be given once' }),
    );
    // Without the list named, the same query is refused as before.
    expect(() => readQuery('/x?types=a&types=b', both)).toThrow(
      expect.objectContaining({ param: 'types', message: 'types must be given once' }),
    );
  });

  it('invalid percent-encoding is a 400 naming the parameter, never a 500', () => {
    for (const url of ['/x?query=%ZZ', '/x?query=100%', '/x?query=%E0%A4%A', '/x?query=%FF']) {
      expect(() => readQuery(url, declared), url).toThrow(expect.objectContaining({ status: 400, param: 'query' }));
    }
  });
});

describe('the params layer through the app (D4)', () => {
  const echo = echoEndpoint({ cache: 'no-store' });
  const plain = defineEndpoint({ ...stub, path: '/t/plain', handle: ({ params }) => params });
  const { json, fetch } = testApp([echo.endpoint, plain]);

  it.each([
    ['absent', '/t/echo', 'query', 'query is required'],
    ['empty', '/t/echo?query=', 'query', 'query is required and must not be empty'],
    ['repeated', '/t/echo?query=a&query=b', 'query', 'query must be given once'],
    ['malformed', '/t/echo?query=a&limit=many', 'limit', 'limit must be an integer from 1 to 25'],
    ['out of bounds', '/t/echo?query=a&limit=26', 'limit', 'limit must be an integer from 1 to 25'],
    ['over 200 characters', `/t/echo?query=${'q'.repeat(201)}`, 'query', 'query must be at most 200 characters'],
    ['badly percent-encoded', '/t/echo?query=%E2%82', 'query', expect.stringContaining('percent-encoding')],
  ])('%s → 400 naming the parameter and stating the rule', async (_, path, param, message) => {
    const { res, body } = await json(path);
    expect(res.status).toBe(400);
    expect(body).toEqual({ ok: false, error: { code: 'bad_request', param, message } });
  });

  it('a URL over 8 KiB is a 400 in the error shape', async () => {
    const { res, body } = await json(`/t/plain?pad=${'x'.repeat(9000)}`);
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('8192') });
  });

  it('valid parameters reach the handler typed; unknown ones are ignored', async () => {
    const { body } = await json('/t/echo?query=%20Daft%20Punk&limit=7&unknown=1&unknown=2');
    expect(body).toMatchObject({ query: 'Daft Punk', limit: 7 });
    expect((await fetch('/t/plain?a=1')).status).toBe(200);
  });
});

describe('list parameters through the app (D40)', () => {
  const lists = defineEndpoint({
    ...stub,
    path: '/t/lists',
    params: v.object({
      types: csvSubset('types', ['tracks', 'albums', 'artists'] as const),
      limit: integerParam('limit', 1, 9, 3),
    }),
    handle: ({ params }) => params,
  });
  const { json } = testApp([lists]);

  it('are known from their published wire type: only the array ones', () => {
    expect([...listKeys(lists.params)]).toEqual(['types']);
    expect([
      ...listKeys(
        v.pipe(
          lists.params!,
          v.check(() => true),
        ),
      ),
    ]).toEqual(['types']);
  });

  it.each([
    ['comma-separated', '/t/lists?types=artists,tracks'],
    ['repeated, as generated clients send arrays', '/t/lists?types=artists&types=tracks'],
    ['both mixed', '/t/lists?types=artists&types=tracks,artists'],
  ])('%s: the same list', async (_, path) => {
    const { res, body } = await json(path);
    expect(res.status).toBe(200);
    expect(body).toEqual({ types: ['tracks', 'artists'], limit: 3 });
  });

  it('check every value given, wherever it was', async () => {
    const { res, body } = await json('/t/lists?types=tracks&types=songs');
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({
      param: 'types',
      message: 'types must be a comma-separated list of tracks, albums, artists',
    });
  });

  it('leave a scalar parameter given twice a 400', async () => {
    const { res, body } = await json('/t/lists?types=tracks&limit=1&limit=2');
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ param: 'limit', message: 'limit must be given once' });
  });
});

describe('remembered validations', () => {
  it('share one frozen result per query string, so no handler can change the next request', async () => {
    const seen: unknown[] = [];
    const mutating = defineEndpoint({
      ...stub,
      path: '/t/mutate',
      params: v.object({ types: csvSubset('types', ['a', 'b'] as const) }),
      handle: ({ params }) => {
        seen.push(params);
        params.types.push('b');
        return params;
      },
    });
    const { fetch } = testApp([mutating]);
    expect((await fetch('/t/mutate?types=a')).status).toBe(500);
    expect((await fetch('/t/mutate?types=a')).status).toBe(500);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).toEqual({ types: ['a'] });
  });

  it('still check every request: a bad query is refused each time', async () => {
    const echo = echoEndpoint({ cache: 'no-store' });
    const { fetch } = testApp([echo.endpoint]);
    expect((await fetch('/t/echo?query=a&limit=0')).status).toBe(400);
    expect((await fetch('/t/echo?query=a&limit=0')).status).toBe(400);
    expect((await fetch('/t/echo?query=a&limit=2')).status).toBe(200);
  });
});
