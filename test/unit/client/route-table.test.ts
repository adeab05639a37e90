/**
 * `client/route-table.ts` is the route table's types written out (JSR takes no inferred types
 * in a published API): it must be what `scripts/client-routes.ts` makes of the current route
 * table, and, checked by `tsc --noEmit`, every path's parameters, body and answer must equal
 * what the client would infer from `core/routes/index.ts` itself.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AnswerOf, BodyFor, ParamsFor, RouteTable } from 'sleeve/client';
import type { Endpoints } from '../../../core/routes/index.ts';
import { OUT, render } from '../../../scripts/client-routes.ts';

/**
 * Each assignable to the other: an optional key and a required one are not (`{ a?: string }` and
 * `{ a: string | undefined }`), a missing or extra key is not, and the checker's printing of
 * an intersection (`{ url: string } & { [key: string]: unknown }`) is still the same type.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Indices = Exclude<keyof Endpoints, keyof (readonly unknown[])>;

/** The paths whose written-out types differ from the inferred ones, by what differs. */
type Drift = {
  [I in Indices]: [
    Same<RouteTable[I]['path'], Endpoints[I]['path']> extends true ? never : 'path',
    Same<ParamsFor<RouteTable[I]>, ParamsFor<Endpoints[I]>> extends true ? never : 'params',
    Same<BodyFor<RouteTable[I]>, BodyFor<Endpoints[I]>> extends true ? never : 'body',
    Same<AnswerOf<RouteTable[I]>, AnswerOf<Endpoints[I]>> extends true ? never : 'answer',
  ][number] extends infer D
    ? [D] extends [never]
      ? never
      : `${Endpoints[I]['path']}: ${D & string}`
    : never;
}[Indices];

describe('client/route-table.ts', () => {
  it('is what scripts/client-routes.ts makes of the route table', () => {
    expect(readFileSync(OUT, 'utf8')).toBe(render());
  }, 60_000);

  it("holds every endpoint, and each path's types equal the inferred ones (checked by tsc)", () => {
    expectTypeOf<RouteTable['length']>().toEqualTypeOf<Endpoints['length']>();
    expectTypeOf<Drift>().toEqualTypeOf<never>();
  });
});
