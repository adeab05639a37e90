/**
 * @module
 * The client's types, checked by `tsc --noEmit` (tsconfig includes `test`): `expectTypeOf`
 * and `@ts-expect-error` lines fail the typecheck when the client's types drift from the
 * declarations. At run time nothing here calls the server: the calls sit in functions never run.
 */
import type * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createClient,
  type SleeveApiError,
  type ClientOf,
  type QueryValue,
  type SleeveApiErrorCode,
} from 'sleeve/client';
import type { Endpoint, MediaAnswer } from '../../../core/http/endpoint.ts';
import type { batchSchema, healthSchema, hotTracksSchema } from '../../../core/schemas/responses/index.ts';
import type { RecordType } from '../../../core/domain/music.ts';

const client = createClient({ baseUrl: 'http://localhost:8787', userAgent: 'types/1.0 (types@example.com)' });

describe('sleeve/client types', () => {
  it("answers are the declared response schemas' output", () => {
    expectTypeOf(client.track.hot.$get).returns.resolves.toEqualTypeOf<v.InferOutput<typeof hotTracksSchema>>();
    expectTypeOf(client.track.hot.$get).returns.resolves.toHaveProperty('country').toEqualTypeOf<string>();
    expectTypeOf(client.healthz.$get).returns.resolves.toEqualTypeOf<v.InferOutput<typeof healthSchema>>();
    expectTypeOf(client.batch.$post).returns.resolves.toEqualTypeOf<v.InferOutput<typeof batchSchema>>();
    expectTypeOf(client.search.all.$get).returns.resolves.toHaveProperty('tracks').toBeArray();
  });

  it('media answer the whole Response', () => {
    expectTypeOf(client.cover.$get).returns.resolves.toEqualTypeOf<Response>();
    expectTypeOf(client.track.preview.$get).returns.resolves.toEqualTypeOf<Response>();
    expectTypeOf(client.nowplaying.socket.$get).returns.resolves.toEqualTypeOf<Response>();
    expectTypeOf(client.media.images[':kind'][':file'].$get).returns.resolves.toEqualTypeOf<Response>();
  });

  it('parameters come from the params schema: a number where it reads one, text widened, optional where the input may be undefined', () => {
    expectTypeOf(client.track.hot.$get)
      .parameter(0)
      .toEqualTypeOf<{ country?: QueryValue; limit?: number } | undefined>();
    expectTypeOf(client.search.all.$get)
      .parameter(0)
      .toEqualTypeOf<{ query: QueryValue; limit?: number; types?: QueryValue }>();
    expectTypeOf(client.artist.info.$get)
      .parameter(0)
      .toEqualTypeOf<{ artist?: QueryValue; id?: number } | undefined>();
    expectTypeOf(client.track.isrc.$get).parameter(0).toEqualTypeOf<{ isrc: QueryValue }>();
    // D69: /track/info by id, or by artist and title (the server checks that one way is given).
    expectTypeOf(client.track.info.$get)
      .parameter(0)
      .exclude<undefined>()
      .toHaveProperty('id')
      .toEqualTypeOf<QueryValue | undefined>();
    // A picklist keeps its literals.
    expectTypeOf(client.artist.discography.$get)
      .parameter(0)
      .exclude<undefined>()
      .toHaveProperty('type')
      .toEqualTypeOf<RecordType | undefined>();
    expectTypeOf(client.batch.$post)
      .parameter(0)
      .toEqualTypeOf<{ requests: { id?: string | undefined; path: string }[] }>();
    expectTypeOf(client.media.images[':kind'][':file'].$get)
      .parameter(0)
      .toEqualTypeOf<{ param: { kind: QueryValue; file: QueryValue } }>();
  });

  it('required parameters, bodies and declared paths and methods are enforced', () => {
    // Never run: these lines exist for the typechecker.
    const _unchecked = () => {
      client.healthz.$get();
      client.track.hot.$get();
      client.album['new-releases'].$get({ limit: 10 });
      client.search.all.$get({ query: 'love', limit: 5 });
      client.batch.$post({ requests: [{ path: '/editorial/genres' }] });
      client.track.hot.$get({ limit: 1 }, { signal: AbortSignal.timeout(1000) });
      client.track.info.$get({ id: 3135556 });
      client.track.info.$get({ artist: 'Daft Punk', title: 'One More Time', isrc: 'GBDUW0000053' });
      // @ts-expect-error an id is a query value, not a list
      client.track.info.$get({ id: [3135556] });
      // @ts-expect-error query is required
      client.search.all.$get();
      // @ts-expect-error query is required
      client.search.all.$get({ limit: 5 });
      // @ts-expect-error no such parameter
      client.track.hot.$get({ limt: 5 });
      // @ts-expect-error limit is a number: its text would be a 400
      client.track.hot.$get({ limit: 'ten' });
      // @ts-expect-error id is a number
      client.artist.info.$get({ id: 'abc' });
      // @ts-expect-error requests is required
      client.batch.$post({});
      // @ts-expect-error /batch is POST only
      client.batch.$get();
      // @ts-expect-error /track/hot is GET only
      client.track.hot.$post({});
      // @ts-expect-error not a declared path
      client.track.nope.$get();
      // @ts-expect-error not a declared path
      client.nope;
      // @ts-expect-error the path parameters go in param
      client.media.images[':kind'][':file'].$get();
      // @ts-expect-error not a discography type
      client.artist.discography.$get({ id: 1, type: 'mixtape' });
      // @ts-expect-error aliases are the server's business: the client has the canonical path
      client['hot-tracks'];
    };
    expectTypeOf(_unchecked).toBeFunction();
  });

  it('errors are typed', () => {
    expectTypeOf<SleeveApiError>().toMatchTypeOf<Error>();
    expectTypeOf<SleeveApiError['param']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SleeveApiError['retryAfter']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<'rate_limited'>().toMatchTypeOf<SleeveApiErrorCode>();
  });

  it('maps any route table: `/` is `index`, and one path may take a GET and a POST', () => {
    type Page = Endpoint<undefined, MediaAnswer, '/', 'GET', undefined>;
    type Read = Endpoint<undefined, typeof healthSchema, '/things', 'GET', undefined>;
    type Write = Endpoint<undefined, typeof healthSchema, '/things', 'POST', v.GenericSchema<{ name: string }>>;
    type Client = ClientOf<readonly [Page, Read, Write]>;
    expectTypeOf<Client['index']['$get']>().returns.resolves.toEqualTypeOf<Response>();
    expectTypeOf<Client['things']>().toHaveProperty('$get');
    expectTypeOf<Client['things']['$post']>().parameter(0).toEqualTypeOf<{ name: string }>();
  });
});
