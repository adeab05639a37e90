/**
 * @module
 * Country charts for `/track/hot` (D10). Deezer has no per-country chart call: its country
 * charts are editorial playlists titled "Top France", "Top Brasil", ... made by its "Deezer Charts" account. This
 * table maps ISO codes to those playlists' ids; `DeezerOptions.countryCharts` adds to or
 * overrides it (the ids change rarely, but they are Deezer's to change). A country not in the
 * table has no chart, and `/track/hot` falls back to the global one.
 */
export const COUNTRY_CHARTS: Readonly<Record<string, number>> = {
  FR: 1109890291,
  BR: 1111141961,
  US: 1313621735,
  GB: 1111142221,
  DE: 1111143121,
  JP: 1362508955,
};
