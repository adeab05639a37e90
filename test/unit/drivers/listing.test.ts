/** Issue #23: a listing keeps what it can shape and reports the rest once per answer (`shared/listing.ts`). */
import { describe, expect, it } from 'vitest';
import { shapeList } from '../../../core/drivers/shared/listing.ts';
import { WireError } from '../../../core/drivers/shared/wire.ts';

const idOf = (item: unknown): number => {
  const id = (item as { id?: unknown }).id;
  if (typeof id !== 'number') throw new WireError('item has no numeric id');
  return id;
};

describe('shapeList', () => {
  it('leaves out every item of an unexpected shape and reports them in one call', () => {
    const reports: unknown[][] = [];
    const shape = shapeList((...args) => void reports.push(args));
    expect(shape([{ id: 1 }, { id: 'x' }, { id: 3 }, {}], 'track search', idOf)).toEqual([1, 3]);
    expect(reports).toEqual([['track search', 2, 'item has no numeric id']]);
  });

  it('reports nothing when every item fits', () => {
    const reports: unknown[] = [];
    expect(shapeList((...args) => void reports.push(args))([{ id: 1 }], 'x', idOf)).toEqual([1]);
    expect(reports).toEqual([]);
  });

  it('lets a bug of ours through: only WireError is an odd item', () => {
    const shape = shapeList(() => {});
    expect(() =>
      shape([{ id: 1 }], 'x', () => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });
});
