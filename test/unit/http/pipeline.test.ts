/**
 * Issue #45: the frame is one list of layers per route (`core/http/pipeline.ts`), and the hit
 * path is composed from that list (`composeHit`), so a layer's header or rule is written once.
 * Issue #65: each layer is one declaration, which the full form is derived from too.
 */
import { describe, expect, it } from 'vitest';
import { composeHit } from '../../../core/http/hit/hit-path.ts';
import type { FrameLayer } from '../../../core/http/frame-chain.ts';
import type { Layer } from '../../../core/http/pipeline.ts';
import { VERSIONS } from '../../../core/http/versions.ts';

const next: FrameLayer = (_c, go) => go();
const observer: Layer = { kind: 'observe', observer: { id: () => 'id-1', record: undefined }, full: next };
const holder: Layer = { kind: 'hold', look: () => undefined, full: next };
const readies: Layer = { kind: 'readies', readies: next };
const route: Layer = { kind: 'route', run: next };

describe('composeHit: the hit path from the route’s own list', () => {
  it('gives headers in the list’s order: the id, a layer’s own, the count’s', () => {
    const own = { 'X-Own': 'yes' };
    const count: Layer = { kind: 'count', count: () => ({ 'X-Left': '1' }), full: next };
    const route = composeHit('/t', [observer, { kind: 'headers', headers: own }, count, holder]);
    expect(route?.gives).toEqual([0, own, 1]);
    expect(route?.count).toBeDefined();
  });

  it('leaves a route to the full frame when the route (or what answers in its place) comes before the cache', () => {
    expect(composeHit('/t', [observer, readies, holder])).toBeDefined();
    expect(composeHit('/t', [observer, route, holder])).toBeUndefined();
    // Nothing holds answers: no hit path either; layers after the cache are never reached.
    expect(composeHit('/t', [observer, readies])).toBeUndefined();
    expect(composeHit('/t', [observer, holder, route])).toBeDefined();
  });

  it('judges a version gate once, by the version the route answers as', () => {
    const [oldest, newest] = [VERSIONS[0]!, VERSIONS[VERSIONS.length - 1]!];
    const gate: Layer = { kind: 'before', since: newest.name, act: next };
    // A bare path answers as the current version: the gate never acts there.
    expect(composeHit('/t', [observer, gate, holder])).toBeDefined();
    // Pinned to a version that lacks the path: every request is the gate's 404, none a hit.
    expect(composeHit('/t', [observer, { kind: 'version', version: oldest }, gate, holder])).toBeUndefined();
  });

  it('collects the checks, and the version a pin gives', () => {
    const declines = () => true;
    const route = composeHit('/t', [
      observer,
      { kind: 'when', when: declines, act: next },
      { kind: 'version', version: { name: '2.5.0' } as never },
      holder,
    ]);
    expect(route?.checks).toEqual([declines]);
    expect(route?.version.name).toBe('2.5.0');
  });

  it('refuses a list the hit path could not answer in: no observer, or two counts', () => {
    expect(() => composeHit('/t', [holder])).toThrow(/observer/);
    const count: Layer = { kind: 'count', count: () => undefined, full: next };
    expect(() => composeHit('/t', [observer, count, count, holder])).toThrow(/two layers/);
  });
});
