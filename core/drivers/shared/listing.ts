/**
 * @module
 * One odd item in an upstream's listing (a search hit without its `album`, an id that is
 * text) must not cost the caller the whole answer. A listing keeps every item it can
 * shape and leaves out the others; they are reported once per upstream answer (one log line,
 * and /metrics' `sleeve_upstream_items_dropped_total`). A record asked for by id is no listing:
 * its odd shape stays a 502 (`wire.ts`).
 */
import { WireError } from './wire.ts';

/** Maps a listing's items; every `WireError` leaves its item out. Other throws are bugs and pass. */
export type ShapeList = <T>(items: readonly unknown[], what: string, map: (item: unknown) => T) => T[];

/** Every item shaped, or the first odd one thrown: where no listing's leniency applies. */
export const strictList: ShapeList = (items, _what, map) => items.map(map);

/** Hears of the items one upstream answer lost: how many, and the first one's fault. */
export type DroppedReport = (what: string, dropped: number, reason: string) => void;

export function shapeList(report: DroppedReport): ShapeList {
  return <T>(items: readonly unknown[], what: string, map: (item: unknown) => T): T[] => {
    const kept: T[] = [];
    let dropped = 0;
    let reason = '';
    for (const item of items) {
      try {
        kept.push(map(item));
      } catch (error) {
        if (!(error instanceof WireError)) throw error;
        if (dropped++ === 0) reason = error.message;
      }
    }
    if (dropped > 0) report(what, dropped, reason);
    return kept;
  };
}
