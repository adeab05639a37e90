/**
 * @module
 * Who words taken from a public source come from, as answers credit them (lyrics, artist knowledge).
 */

/** Who an answer's words come from, as answers credit it. */
export interface Attribution {
  /** `LRCLIB`, `Wikipedia`, `Wikidata`. */
  source: string;
  /** The instance or page the words were taken from. */
  url: string;
  /** The licence of the words, when the source states one (`CC BY-SA 4.0`, `CC0 1.0`); null when it states none. */
  license: string | null;
  licenseUrl: string | null;
}
