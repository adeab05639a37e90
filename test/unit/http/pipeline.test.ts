/**
 * Issue #45: the frame is one list of layers per route (`core/http/pipeline.ts`), and the hit
 * path is composed from that list (`composeHit`), so a layer's header or rule is written once.
 */
import { describe, expect, it } from 'vitest';
import { composeHit } from '../../../core/http/hit/hit-path.ts';
import { fullOnly, type Layer, passing } from '../../../core/http/pipeline.ts';

const next: Layer['full'] = (_c, go) => go();
const observer: Layer = { full: next, hit: { kind: 'observe', id: () => 'id-1', record: undefined } };
const holder: Layer = { full: next, hit: { kind: 'hold', look: () => undefined } };

describe('composeHit: the hit path from the route’s own list', () => {
  it('gives headers in the list’s order: the id, a layer’s own, the count’s', () => {
    const own = { 'X-Own': 'yes' };
    const count: Layer = { full: next, hit: { kind: 'count', count: () => ({ 'X-Left': '1' }) } };
    const route = composeHit('/t', [observer, { full: next, hit: { kind: 'headers', headers: own } }, count, holder]);
    expect(route?.gives).toEqual([0, own, 1]);
    expect(route?.count).toBeDefined();
  });

  it('leaves a route to the full frame when any layer before the cache has no hit form', () => {
    expect(composeHit('/t', [observer, passing(next), holder])).toBeDefined();
    expect(composeHit('/t', [observer, fullOnly(next), holder])).toBeUndefined();
    // Nothing holds answers: no hit path either; layers after the cache are never reached.
    expect(composeHit('/t', [observer, passing(next)])).toBeUndefined();
    expect(composeHit('/t', [observer, holder, fullOnly(next)])).toBeDefined();
  });

  it('collects the checks, and the version a pin gives', () => {
    const declines = () => true;
    const route = composeHit('/t', [
      observer,
      { full: next, hit: { kind: 'check', declines } },
      { full: next, hit: { kind: 'version', version: { name: '2.5.0' } as never } },
      holder,
    ]);
    expect(route?.checks).toEqual([declines]);
    expect(route?.version.name).toBe('2.5.0');
  });

  it('refuses a list the hit path could not answer in: no observer, or two counts', () => {
    expect(() => composeHit('/t', [holder])).toThrow(/observer/);
    const count: Layer = { full: next, hit: { kind: 'count', count: () => undefined } };
    expect(() => composeHit('/t', [observer, count, count, holder])).toThrow(/two layers/);
  });
});
