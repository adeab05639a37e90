/**
 * @module
 * The simulated station's programme: which item plays when, as a pure function of the seed
 * and the clock. Each UTC hour is planned on its own (so no state and no replay from an
 * epoch): catalogue tracks back to back from the top of the hour, and a station ID filling
 * the gap before the next hour, as real stations do. Some evenings a DJ is live.
 */
import type { TrackRecord } from '../format.ts';
import type { LoadedCatalog } from '../loaded.ts';
import { djName } from '../generate/index.ts';
import { createRandom } from '../../../utils/random.ts';

export interface Slot {
  /** Unix seconds. */
  start: number;
  /** Seconds. */
  duration: number;
  /** A catalogue track, or null for a station ID. */
  track: TrackRecord | null;
  playlist: string;
  /** Unique and stable: hour × 1000 + position. */
  shId: number;
}

export interface LiveShow {
  streamer: string;
  /** Unix seconds. */
  start: number;
  end: number;
}

const HOUR = 3600;
const ROTATION_SIZE = 1500;
const rotations = new WeakMap<LoadedCatalog, TrackRecord[]>();

/** The most popular tracks, drawn from most of the time ("heavy rotation"). */
function rotation(catalog: LoadedCatalog): TrackRecord[] {
  let list = rotations.get(catalog);
  if (!list) {
    list = [...catalog.store.data.tracks].sort((a, b) => b.rank - a.rank || a.id - b.id).slice(0, ROTATION_SIZE);
    rotations.set(catalog, list);
  }
  return list;
}

/** Every slot of the UTC hour `hour` (hours since the epoch), in order. */
export function hourSlots(catalog: LoadedCatalog, seed: string, hour: number): Slot[] {
  const r = createRandom(`${seed}/station/${hour}`);
  const heavy = rotation(catalog);
  const all = catalog.store.data.tracks;
  const slots: Slot[] = [];
  const played = new Set<number>();
  let at = hour * HOUR;
  const end = at + HOUR;
  while (end - at >= 90) {
    let pick: { track: TrackRecord; playlist: string } | undefined;
    for (let tries = 0; tries < 20 && !pick; tries++) {
      const deep = r.chance(0.25) || heavy.length === 0;
      const track = deep ? all[Math.floor(r.next() * all.length)] : heavy[Math.floor(heavy.length * r.next() ** 2)];
      const seconds = track ? Math.round(track.durationMs / 1000) : 0;
      if (track && !played.has(track.id) && seconds > 0 && seconds <= end - at)
        pick = { track, playlist: deep ? 'Deep Cuts' : 'Heavy Rotation' };
    }
    if (!pick) break;
    played.add(pick.track.id);
    const duration = Math.round(pick.track.durationMs / 1000);
    slots.push({ start: at, duration, track: pick.track, playlist: pick.playlist, shId: hour * 1000 + slots.length });
    at += duration;
  }
  if (at < end)
    slots.push({
      start: at,
      duration: end - at,
      track: null,
      playlist: 'Station IDs',
      shId: hour * 1000 + slots.length,
    });
  return slots;
}

/** The live show covering `hour`, if any: most evenings a DJ is on for one or two hours. */
export function liveShow(seed: string, hour: number): LiveShow | null {
  const day = Math.floor(hour / 24);
  const r = createRandom(`${seed}/live/${day}`);
  if (!r.chance(0.6)) return null;
  const first = day * 24 + r.int(18, 21);
  const length = r.int(1, 2);
  const streamer = djName(r);
  return hour >= first && hour < first + length
    ? { streamer, start: first * HOUR, end: (first + length) * HOUR }
    : null;
}

/** The slot playing at `second` (Unix seconds), with `before` slots before it and the one after. */
export function slotsAround(
  catalog: LoadedCatalog,
  seed: string,
  second: number,
  before: number,
): { current: Slot; history: Slot[]; next: Slot } {
  const hour = Math.floor(second / HOUR);
  const timeline = [
    ...hourSlots(catalog, seed, hour - 1),
    ...hourSlots(catalog, seed, hour),
    ...hourSlots(catalog, seed, hour + 1),
  ];
  const index = timeline.findIndex((s) => s.start <= second && second < s.start + s.duration);
  return {
    current: timeline[index]!,
    history: timeline.slice(Math.max(0, index - before), index).reverse(),
    next: timeline[index + 1]!,
  };
}
