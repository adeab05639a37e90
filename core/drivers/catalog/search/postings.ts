/**
 * @module
 * The catalogue index's word lists and the walk that matches a query against them. Records are
 * numbered most popular first (their ordinal), and every list is in ordinal order, so a walk
 * meets matches most popular first and can stop once it has the page it was asked for: a
 * common word's list (a tenth of the catalogue at 1M tracks) is read only as far as the page
 * needs, to its end only when few of its records hold the query in their title, and then as a
 * loop over integers. An entry is `ordinal * 2 + inName`: whether the word is in
 * the record's main text (title, name) rather than only in its secondary text (artist names).
 */

export interface Postings {
  /** How many records. */
  readonly size: number;
  /** The indexed words, sorted: a word's rank is its position, so a prefix is a range of ranks. */
  readonly words: readonly string[];
  /** Rank → start of its list in `entries`; `listStart[words.length]` is the end. */
  readonly listStart: Int32Array;
  /** Every word's list, one after the other: `ordinal * 2 + inName`, ascending. */
  readonly entries: Int32Array;
  /** Ordinal → start of its words in `recordWords`; the record's own words, for prefix checks. */
  readonly recordStart: Int32Array;
  /** `rank * 2 + inName` for each word of each record. */
  readonly recordWords: Int32Array;
}

/** A query word as ranks of indexed words: one rank for a whole word, a range for a prefix. */
export interface WordRange {
  lo: number;
  hi: number;
}

/** The ranks of the words starting with `prefix` (empty when none). */
export function prefixRange(p: Postings, prefix: string): WordRange {
  const first = (from: string): number => {
    let lo = 0,
      hi = p.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (p.words[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return { lo: first(prefix), hi: first(`${prefix}\uffff`) };
}

/** How many entries the lists of a range hold in all: what walking it would cost. */
const total = (p: Postings, r: WordRange): number => p.listStart[r.hi]! - p.listStart[r.lo]!;

/**
 * The entries of a range's lists merged in order, one per record (in-name if any of its words
 * is), through a heap of the lists' heads: read only as far as the walk goes, so a prefix of
 * thousands of words costs its first page, not its thousands of lists.
 */
class Merged {
  private readonly heap: Int32Array;
  private readonly at: Int32Array;
  private readonly end: Int32Array;
  private readonly entries: Int32Array;
  private size = 0;

  constructor(p: Postings, r: WordRange) {
    const k = r.hi - r.lo;
    this.entries = p.entries;
    this.heap = new Int32Array(k);
    this.at = p.listStart.slice(r.lo, r.hi);
    this.end = p.listStart.slice(r.lo + 1, r.hi + 1);
    for (let i = 0; i < k; i++) if (this.at[i]! < this.end[i]!) this.heap[this.size++] = i;
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.down(i);
  }

  private head(list: number): number {
    return this.entries[this.at[list]!]!;
  }

  private down(i: number): void {
    const { heap } = this;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) return;
      const c = l + 1 < this.size && this.head(heap[l + 1]!) < this.head(heap[l]!) ? l + 1 : l;
      if (this.head(heap[c]!) >= this.head(heap[i]!)) return;
      const t = heap[c]!;
      heap[c] = heap[i]!;
      heap[i] = t;
      i = c;
    }
  }

  /** The next record's entry, or -1 when every list is done. */
  next(): number {
    if (this.size === 0) return -1;
    let entry = -1;
    while (this.size > 0) {
      const list = this.heap[0]!;
      const e = this.head(list);
      if (entry !== -1 && e >> 1 !== entry >> 1) break;
      entry = entry === -1 ? e : entry | (e & 1);
      if (++this.at[list]! >= this.end[list]!) this.heap[0] = this.heap[--this.size]!;
      this.down(0);
    }
    return entry;
  }
}

/** First index in `list` from `at` whose ordinal is at least `ordinal` (galloping, then binary search). */
function seek(list: Int32Array, at: number, ordinal: number): number {
  const target = ordinal * 2;
  let step = 1;
  let hi = at;
  while (hi < list.length && list[hi]! < target) {
    at = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length);
  while (at < hi) {
    const mid = (at + hi) >>> 1;
    if (list[mid]! < target) at = mid + 1;
    else hi = mid;
  }
  return at;
}

/** The record's in-name flag for a word in `range`: 1 or 0, or -1 when it has no such word. */
function recordHas(p: Postings, ordinal: number, range: WordRange): number {
  let found = -1;
  for (let i = p.recordStart[ordinal]!; i < p.recordStart[ordinal + 1]!; i++) {
    const rank = p.recordWords[i]! >> 1;
    if (rank >= range.lo && rank < range.hi) {
      found = p.recordWords[i]! & 1;
      if (found === 1) return 1;
    }
  }
  return found;
}

export interface Walk {
  /** Every range must match (an empty one matches nothing). */
  ranges: readonly WordRange[];
  /** How many records to find. */
  need: number;
  /** Records to pass over (already found by an earlier walk, or refused by a filter). */
  accept: (ordinal: number) => boolean;
  /** Records matching wholly in their main text come before the rest, each part most popular first. */
  namesFirst: boolean;
}

/**
 * The ordinals of records matching every range, most popular first (names first when asked),
 * at most `need`. The range with the fewest entries leads; each of its records is checked
 * against the other whole words' lists (a forward seek) and the other prefixes (the record's
 * own words). Stops as soon as `need` records are certain to be the first ones.
 */
export function walk(p: Postings, { ranges, need, accept, namesFirst }: Walk): number[] {
  if (need <= 0 || ranges.length === 0 || ranges.some((r) => r.hi <= r.lo)) return [];
  const byCost = [...ranges].sort((a, b) => total(p, a) - total(p, b));
  const lead = byCost[0]!;
  const merged = lead.hi - lead.lo > 1 ? new Merged(p, lead) : null;
  let leadAt = p.listStart[lead.lo]!;
  const leadEnd = p.listStart[lead.hi]!;
  const lists = byCost
    .slice(1)
    .filter((r) => r.hi - r.lo === 1)
    .map((r) => p.entries.subarray(p.listStart[r.lo]!, p.listStart[r.hi]!));
  const prefixes = byCost.slice(1).filter((r) => r.hi - r.lo > 1);
  const cursors = new Int32Array(lists.length);
  const names: number[] = [];
  const rest: number[] = [];
  for (;;) {
    const entry = merged ? merged.next() : leadAt < leadEnd ? p.entries[leadAt++]! : -1;
    if (entry === -1) break;
    const ordinal = entry >> 1;
    let inName = entry & 1;
    let match = true;
    let done = false;
    for (let k = 0; k < lists.length && match; k++) {
      const list = lists[k]!;
      const at = (cursors[k] = seek(list, cursors[k]!, ordinal));
      if (at >= list.length) {
        // Used up: no later record has every word.
        match = false;
        done = true;
      } else if (list[at]! >> 1 !== ordinal) match = false;
      else inName &= list[at]! & 1;
    }
    if (done) break;
    for (let k = 0; k < prefixes.length && match; k++) {
      const flag = recordHas(p, ordinal, prefixes[k]!);
      if (flag === -1) match = false;
      else inName &= flag;
    }
    if (!match || !accept(ordinal)) continue;
    if (!namesFirst || inName === 1) {
      names.push(ordinal);
      if (names.length >= need) return names;
    } else if (rest.length < need) rest.push(ordinal);
  }
  return names.concat(rest).slice(0, need);
}
