/**
 * @module
 * Parameter building blocks (D4), shared by every endpoint's schema. Each states its rule in
 * the message, so a 400 reads "limit must be an integer from 1 to 25"; the app turns the
 * first issue's path into `error.param`. Query values arrive as strings.
 *
 * Each states its input type too (a string; `| undefined` when it may be left out), not
 * `unknown`: the typed client (`sleeve/client`) reads which parameters an endpoint requires
 * from its schema's input.
 */
import * as v from 'valibot';

/** A parameter that must be given: its input is a string. */
type RequiredParam<T> = v.GenericSchema<string, T>;
/** A parameter that may be left out: its input may be undefined. */
type OptionalParam<T, In extends string = string> = v.GenericSchema<In | undefined, T>;

const MAX_QUERY = 200;

/** A required text parameter: missing, empty or blank is a 400 naming it. */
export function requiredText(name: string, max: number = MAX_QUERY): RequiredParam<string> {
  return v.pipe(
    v.string(`${name} is required`),
    v.trim(),
    v.minLength(1, `${name} is required and must not be empty`),
    v.maxLength(max, `${name} must be at most ${max} characters`),
  );
}

/** An optional text parameter: blank counts as absent. */
export function optionalText(name: string, max: number = MAX_QUERY): OptionalParam<string | undefined> {
  return v.pipe(
    v.optional(v.string()),
    v.transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim())),
    v.check((s) => s === undefined || s.length <= max, `${name} must be at most ${max} characters`),
  );
}

/** `limit`-style integers: outside the bounds or not an integer is a 400, never clamped. */
export function integerParam(name: string, min: number, max: number, fallback: number): OptionalParam<number> {
  const rule = `${name} must be an integer from ${min} to ${max}`;
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^[+-]?\d+$/, rule),
    v.transform(Number),
    v.integer(rule),
    v.minValue(min, rule),
    v.maxValue(max, rule),
  );
}

/** An optional integer without a default (e.g. `tempo`). */
export function optionalInteger(name: string, min: number, max: number): OptionalParam<number | undefined> {
  const rule = `${name} must be an integer from ${min} to ${max}`;
  return v.optional(v.pipe(v.string(), v.regex(/^[+-]?\d+$/, rule), v.transform(Number), v.minValue(min, rule), v.maxValue(max, rule)));
}

/** An optional decimal (e.g. `energy` 0..1). */
export function optionalNumber(name: string, min: number, max: number): OptionalParam<number | undefined> {
  const rule = `${name} must be a number from ${min} to ${max}`;
  return v.optional(
    v.pipe(v.string(), v.regex(/^[+-]?(\d+\.?\d*|\.\d+)$/, rule), v.transform(Number), v.minValue(min, rule), v.maxValue(max, rule)),
  );
}

/** A numeric id (`id` of artists and albums). */
export function idParam(name: string): RequiredParam<number> {
  const rule = `${name} must be a positive integer id`;
  return v.pipe(v.string(rule), v.regex(/^\d{1,15}$/, rule), v.transform(Number), v.minValue(1, rule));
}

/** ISRC: exactly 12 ASCII letters or digits, case-insensitive, answered upper-case. */
export function isrcParam(name: string = 'isrc'): RequiredParam<string> {
  const rule = `${name} must be exactly 12 letters or digits (an ISRC such as USUM72409273)`;
  return v.pipe(v.string(`${name} is required`), v.trim(), v.regex(/^[A-Za-z0-9]{12}$/, rule), v.toUpperCase());
}

/** ISO 3166-1 alpha-2 country code, answered upper-case. */
export function countryParam(name: string = 'country'): OptionalParam<string | undefined> {
  const rule = `${name} must be a two-letter country code such as FR`;
  return v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]{2}$/, rule), v.toUpperCase()));
}

/** A comma-separated subset of `allowed`, deduplicated and in `allowed` order; default all. */
export function csvSubset<T extends string>(name: string, allowed: readonly T[]): OptionalParam<T[]> {
  const rule = `${name} must be a comma-separated list of ${allowed.join(', ')}`;
  return v.pipe(
    v.optional(v.string(), allowed.join(',')),
    v.transform((s) => s.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean)),
    v.check((parts) => parts.length > 0 && parts.every((p) => (allowed as readonly string[]).includes(p)), rule),
    v.transform((parts) => allowed.filter((a) => parts.includes(a))),
  );
}

/** One value of an enum (e.g. discography `type`). */
export function optionalEnum<T extends string>(name: string, allowed: readonly T[]): OptionalParam<T | undefined, T> {
  return v.optional(v.picklist(allowed, `${name} must be one of ${allowed.join(', ')}`));
}
