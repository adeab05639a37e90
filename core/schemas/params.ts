/**
 * @module
 * Parameter building blocks (D4), shared by every endpoint's schema. Each states its rule in
 * the message, so a 400 reads "limit must be an integer from 1 to 25"; the app turns the
 * first issue's path into `error.param`. Query values arrive as strings.
 *
 * Each states its input type too (a string; `| undefined` when it may be left out), not
 * `unknown`: the typed client (`sleeve/client`) reads which parameters an endpoint requires
 * from its schema's input.
 * A block whose string becomes something else (an integer in bounds, a list) also says what
 * it accepts as `wire` metadata, in JSON Schema words built from the very numbers its checks
 * use: a JSON Schema converter stops at the first transform and would publish only "a string"
 * (`/openapi.json`, `/llms.txt`). Metadata never takes part in validation.
 */
import * as v from 'valibot';
import { wire } from '../param-wire.ts';

/** A parameter that must be given: its input is a string. */
type RequiredParam<T> = v.GenericSchema<string, T>;
/** A parameter that may be left out: its input may be undefined. */
type OptionalParam<T, In extends string = string> = v.GenericSchema<In | undefined, T>;

const MAX_QUERY = 200;
/** Ids are at most 15 digits: past that they are not ids, and not exact as numbers either. */
const ID_DIGITS = 15;

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
    wire({ type: 'string', maxLength: max }),
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
    wire({ type: 'integer', minimum: min, maximum: max, default: fallback }),
  );
}

/** An optional integer without a default (e.g. `tempo`). */
export function optionalInteger(name: string, min: number, max: number): OptionalParam<number | undefined> {
  const rule = `${name} must be an integer from ${min} to ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[+-]?\d+$/, rule),
      v.transform(Number),
      v.minValue(min, rule),
      v.maxValue(max, rule),
      wire({ type: 'integer', minimum: min, maximum: max }),
    ),
  );
}

/** An optional decimal (e.g. `energy` 0..1). */
export function optionalNumber(name: string, min: number, max: number): OptionalParam<number | undefined> {
  const rule = `${name} must be a number from ${min} to ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[+-]?(\d+\.?\d*|\.\d+)$/, rule),
      v.transform(Number),
      v.minValue(min, rule),
      v.maxValue(max, rule),
      wire({ type: 'number', minimum: min, maximum: max }),
    ),
  );
}

/** A numeric id (`id` of artists and albums). */
export function idParam(name: string): RequiredParam<number> {
  const rule = `${name} must be a positive integer id`;
  return v.pipe(
    v.string(rule),
    v.regex(new RegExp(`^\\d{1,${ID_DIGITS}}$`), rule),
    v.transform(Number),
    v.minValue(1, rule),
    wire({ type: 'integer', minimum: 1, maximum: 10 ** ID_DIGITS - 1 }),
  );
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
    v.transform((s) =>
      s
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
    v.check((parts) => parts.length > 0 && parts.every((p) => (allowed as readonly string[]).includes(p)), rule),
    v.transform((parts) => allowed.filter((a) => parts.includes(a))),
    wire({ type: 'array', items: { type: 'string', enum: allowed }, default: allowed }),
  );
}

/** One value of an enum (e.g. discography `type`). */
export function optionalEnum<T extends string>(name: string, allowed: readonly T[]): OptionalParam<T | undefined, T> {
  return v.optional(v.picklist(allowed, `${name} must be one of ${allowed.join(', ')}`));
}

/**
 * A genre or editorial id as `/editorial/genres` lists them: a whole number from 0 (`All`),
 * unlike `idParam`, which starts at 1. With a fallback it may be left out (D21: the editorial
 * lists default to 0, as Deezer's editorial pages do).
 */
export function genreIdParam(name: string): RequiredParam<number>;
export function genreIdParam(name: string, fallback: number): OptionalParam<number>;
export function genreIdParam(name: string, fallback?: number): RequiredParam<number> | OptionalParam<number> {
  const rule = `${name} must be a genre id: a whole number from 0, as /editorial/genres lists them`;
  const checked = [v.regex(new RegExp(`^\\d{1,${ID_DIGITS}}$`), rule), v.transform(Number)] as const;
  const max = 10 ** ID_DIGITS - 1;
  return fallback === undefined
    ? v.pipe(v.string(`${name} is required`), ...checked, wire({ type: 'integer', minimum: 0, maximum: max }))
    : v.pipe(
        v.optional(v.string(), String(fallback)),
        ...checked,
        wire({ type: 'integer', minimum: 0, maximum: max, default: fallback }),
      );
}

/**
 * `artist` (a name) or `id`, one required, with an endpoint's `extra` parameters; `id` wins
 * when both are given since it skips the lookup (D5). Missing both: a 400 naming `artist`.
 */
export function artistOrId<E extends v.ObjectEntries = {}>(extra: E = {} as E) {
  return v.pipe(
    v.object({ artist: optionalText('artist'), id: v.optional(idParam('id')), ...extra }),
    v.forward(
      v.check((p) => p.artist !== undefined || p.id !== undefined, 'give artist (a name) or id'),
      ['artist'] as never,
    ),
  );
}

/** A track by `id` or `isrc`, one required (`id` wins), with `extra` parameters. Missing both: a 400 naming `id`. */
export function trackIdOrIsrc<E extends v.ObjectEntries = {}>(extra: E = {} as E) {
  return v.pipe(
    v.object({ id: v.optional(idParam('id')), isrc: v.optional(isrcParam('isrc')), ...extra }),
    v.forward(
      v.check((p) => p.id !== undefined || p.isrc !== undefined, 'give id or isrc (a track)'),
      ['id'] as never,
    ),
  );
}
