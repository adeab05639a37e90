/**
 * @module
 * D10: which chart `/track/hot` serves. `?country=` first, else the first configured edge
 * header (`CF-IPCountry`, `X-Vercel-IP-Country`), else global; a country without a chart
 * falls back to global, and the response names the chart actually served.
 */
import type { Chart } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** Edge networks send `XX` or `T1` (Tor) for unknown places: only two letters count. */
export function countryFrom(
  param: string | undefined,
  headers: Pick<Headers, 'get'>,
  headerNames: readonly string[],
): string | null {
  if (param) return param.toUpperCase();
  for (const name of headerNames) {
    const value = headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX') return value;
  }
  return null;
}

export async function hotChart(
  music: MusicDriver,
  country: string | null,
  limit: number,
  scope?: RequestScope,
): Promise<Chart> {
  const local = country ? await music.chart(country, { limit, scope }) : null;
  const chart = local ?? (await music.chart(null, { limit, scope }));
  return {
    country: local ? local.country : 'global',
    tracks: (chart?.tracks ?? []).slice(0, limit),
  };
}
