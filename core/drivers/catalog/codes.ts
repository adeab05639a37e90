/**
 * @module
 * Identifier codes in their real layouts. ISRC: `CC-XXX-YY-NNNNN` (country, registrant,
 * year, designation), stored as 12 characters without dashes. UPC: 12 digits with the GTIN
 * check digit. Uniqueness comes by construction: one registrant per label, one counter each.
 */

export const ISRC_COUNTRIES: readonly string[] = [
  'US',
  'GB',
  'FR',
  'DE',
  'SE',
  'NL',
  'JP',
  'BR',
  'CA',
  'AU',
  'ES',
  'IT',
  'NG',
  'KR',
  'MX',
];

/** A three-character registrant code for the n-th label; distinct for n < 36³. */
export function registrantCode(n: number): string {
  const scrambled = (n * 7919 + 1297) % 46656;
  return scrambled.toString(36).toUpperCase().padStart(3, '0');
}

export function isrc(country: string, registrant: string, year: number, designation: number): string {
  return `${country}${registrant}${String(year % 100).padStart(2, '0')}${String(designation).padStart(5, '0')}`;
}

/** `gb-aye-06-01498` → `GBAYE0601498`: how lookups accept an ISRC however it is written. */
export function compactIsrc(code: string): string {
  return code.replace(/-/g, '').toUpperCase();
}

/** A UPC-A from an 11-digit body: appends the GTIN check digit. */
export function upc(body: number): string {
  const digits = String(body % 1e11).padStart(11, '0');
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 3 : 1);
  return digits + String((10 - (sum % 10)) % 10);
}
