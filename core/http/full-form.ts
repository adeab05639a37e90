/**
 * @module
 * A layer's full form, derived from its one declaration (`pipeline.ts`): what the full frame
 * (`frame-chain.ts`) runs for it. The hit path reads the same declaration (`composeHit`), so
 * each rule is written once, in its layer, and the two ways in agree by construction.
 */
import { addHeaders, setVersion, versionOf } from './context.ts';
import type { FrameLayer } from './frame-chain.ts';
import type { Layer } from './pipeline.ts';
import { isAtLeast } from './versions.ts';

export function fullForm(layer: Layer): FrameLayer {
  switch (layer.kind) {
    case 'headers': {
      const { headers } = layer;
      return (c, next) => {
        // Given before the answer exists, so it is built with them (`addHeaders`), errors included.
        addHeaders(c, headers);
        return next();
      };
    }
    case 'version': {
      const { version } = layer;
      return (c, next) => {
        setVersion(c, version);
        return next();
      };
    }
    case 'when': {
      const { when, act } = layer;
      return (c, next) => (when(c.req.raw) ? act(c, next) : next());
    }
    case 'before': {
      const { since, act } = layer;
      return (c, next) => (isAtLeast(versionOf(c), since) ? next() : act(c, next));
    }
    case 'readies':
      return layer.readies;
    case 'observe':
    case 'count':
    case 'hold':
      return layer.full;
    case 'route':
      return layer.run;
  }
}
