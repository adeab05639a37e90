/**
 * @module
 * Parameter building blocks, shared by every endpoint's schema. Each states its rule in
 * the message, so a 400 reads "limit must be an integer from 1 to 25"; the app turns the
 * first issue's path into `error.param`. Query values arrive as strings.
 *
 * Each states its input type too (a string; `| undefined` when it may be left out), not
 * `unknown`: the typed client (`sleeve/client`) reads which parameters an endpoint requires
 * from its schema's input.
 * A block whose string becomes something else (an integer in bounds, a list) also says what
 * it accepts as its query form (`query-form.ts`), in JSON Schema words built from the very numbers its checks
 * use: a JSON Schema converter stops at the first transform and would publish only "a string"
 * (`/openapi.json`, `/llms.txt`). Metadata never takes part in validation.
 */
import * as v from 'valibot';
import { queryForm } from '../http/query-form.ts';
import { STATION_CODE } from '../domain/radio.ts';

/** A parameter that must be given: its input is a string. */
type RequiredParam<T> = v.GenericSchema<string, T>;
/** A parameter that may be left out: its input may be undefined. */
type OptionalParam<T, In extends string = string> = v.GenericSchema<In | undefined, T>;

const MAX_QUERY = 200;
/** Ids are at most 15 digits: past that they are not ids, and not exact as numbers either. */
const ID_DIGITS = 15;
const MAX_ID = 10 ** ID_DIGITS - 1;

/**
 * A number as text: digits with an optional fraction and exponent, a sign allowed (`0.5`, `.5`,
 * `5.`, `2.5e-1`, `1E2`, what `String(1e-7)` writes). Its value is what counts: an integer
 * parameter takes any of these whose value is whole (`1e2` is 100, `100.0` is 100), as JSON
 * Schema's `integer` does; `1.5` and `1e-1` are not integers.
 */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * What blank text breaks: at least one character other than whitespace (JavaScript's `\s`, the
 * very characters trimming removes). Published as the pattern of every text that must not be blank.
 */
export const NOT_BLANK = '\\S';

/**
 * The length of text in characters (Unicode code points), as JSON Schema counts `maxLength`:
 * an emoji is one character, not the two UTF-16 units `String.length` counts.
 */
export function characters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * At most `max` characters, counted as `characters` counts: a check JSON Schema's converter
 * publishes as `maxLength` (its `maxCharacters` is read by `core/openapi/json-schema.ts`), where
 * valibot's own `maxLength` would count UTF-16 units. For a text in a request body.
 */
export function maxCharacters(max: number, message: string) {
  return Object.assign(
    v.check<string, string>((s) => characters(s) <= max, message),
    { maxCharacters: max } as const,
  );
}

/**
 * A required text parameter: missing, empty or blank is a 400 naming it. Its length is counted
 * as sent, spaces around it included, so the published `maxLength` says it exactly; the text
 * handed on is trimmed. What an endpoint checks more is published with it: `pattern` (`genres`:
 * it replaces `NOT_BLANK`, so it must refuse blank text too) or `format` (`/resolve`'s `url`).
 */
export function requiredText(
  name: string,
  max: number = MAX_QUERY,
  more: { pattern?: string; format?: string } = {},
): RequiredParam<string> {
  return v.pipe(
    v.string(`${name} is required`),
    v.check((s) => characters(s) <= max, `${name} must be at most ${max} characters`),
    v.trim(),
    v.minLength(1, `${name} is required and must not be empty`),
    queryForm({
      type: 'string',
      minLength: 1,
      maxLength: max,
      pattern: more.pattern ?? NOT_BLANK,
      ...(more.format ? { format: more.format } : {}),
    }),
  );
}

/**
 * A required text that its endpoint checks itself, by `requiredText`'s rule (`/cover`, whose
 * alias answers a placeholder where `/cover` answers 400): only its presence is checked here,
 * and the rule is published as `requiredText` publishes it.
 */
export function selfCheckedText(max: number = MAX_QUERY): RequiredParam<string> {
  return v.pipe(v.string(), queryForm({ type: 'string', minLength: 1, maxLength: max, pattern: NOT_BLANK }));
}

/**
 * An optional text parameter: blank counts as absent; its length is counted as sent. `pattern`
 * publishes what an endpoint checks more (`seed_genre`); it must accept blank text.
 */
export function optionalText(
  name: string,
  max: number = MAX_QUERY,
  pattern?: string,
): OptionalParam<string | undefined> {
  return v.pipe(
    v.optional(v.string()),
    v.check((s) => s === undefined || characters(s) <= max, `${name} must be at most ${max} characters`),
    v.transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim())),
    queryForm({ type: 'string', maxLength: max, ...(pattern === undefined ? {} : { pattern }) }),
  );
}

/**
 * One comma-separated keyword part: any text between commas with a character other than
 * whitespace in it (blank parts are skipped, as `genreKeywords` skips them).
 */
const KEYWORD = '[^,]*[^\\s,][^,]*';

/**
 * Comma-separated keywords (`genres`, `seed_genre`), at least one and at most `most` of them,
 * as a pattern: blank parts may come anywhere. With `blank`, whitespace alone matches too (an
 * optional parameter's blank is its absence).
 */
export function keywordsPattern(most?: number, blank = false): string {
  const more = most === undefined ? '*' : `{0,${most - 1}}`;
  const listed = `^(?:\\s*,)*${KEYWORD}(?:,(?:\\s*,)*${KEYWORD})${more}(?:,\\s*)*$`;
  return blank ? `^\\s*$|${listed}` : listed;
}

/** A number parameter's checks on its text: the same rule for every number and integer (see `NUMBER_TEXT`). */
function numberFromText(rule: string, min: number, max: number, integer: boolean) {
  return [
    v.regex<string, string>(NUMBER_TEXT, rule),
    v.transform<string, number>(Number),
    v.check<number, string>((n) => !integer || Number.isInteger(n), rule),
    v.minValue<number, number, string>(min, rule),
    v.maxValue<number, number, string>(max, rule),
  ] as const;
}

/** `limit`-style integers: outside the bounds or not an integer is a 400, never clamped. */
export function integerParam(name: string, min: number, max: number, fallback: number): OptionalParam<number> {
  const rule = `${name} must be an integer from ${min} to ${max}`;
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    ...numberFromText(rule, min, max, true),
    queryForm({ type: 'integer', minimum: min, maximum: max, default: fallback }),
  );
}

/** An optional integer without a default (e.g. `tempo`). */
export function optionalInteger(name: string, min: number, max: number): OptionalParam<number | undefined> {
  const rule = `${name} must be an integer from ${min} to ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      ...numberFromText(rule, min, max, true),
      queryForm({ type: 'integer', minimum: min, maximum: max }),
    ),
  );
}

/** An optional decimal (e.g. `energy` 0..1). */
export function optionalNumber(name: string, min: number, max: number): OptionalParam<number | undefined> {
  const rule = `${name} must be a number from ${min} to ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      ...numberFromText(rule, min, max, false),
      queryForm({ type: 'number', minimum: min, maximum: max }),
    ),
  );
}

/** A numeric id (`id` of artists and albums): a whole number from 1, at most 15 digits. */
export function idParam(name: string): RequiredParam<number> {
  const rule = `${name} must be a positive integer id`;
  return v.pipe(
    v.string(rule),
    ...numberFromText(rule, 1, MAX_ID, true),
    queryForm({ type: 'integer', minimum: 1, maximum: MAX_ID }),
  );
}

/**
 * Text the server trims, then matches against `core` (a pattern without anchors): published
 * anchored with the whitespace trimming forgives, so the pattern accepts exactly what is accepted.
 */
function trimmedPattern(core: string): string {
  return `^\\s*${core}\\s*$`;
}

/** ISRC: exactly 12 ASCII letters or digits, case-insensitive, answered upper-case. */
export function isrcParam(name: string = 'isrc'): RequiredParam<string> {
  const rule = `${name} must be exactly 12 letters or digits (an ISRC such as USUM72409273)`;
  return v.pipe(
    v.string(`${name} is required`),
    v.trim(),
    v.regex(/^[A-Za-z0-9]{12}$/, rule),
    v.toUpperCase(),
    queryForm({ type: 'string', pattern: trimmedPattern('[A-Za-z0-9]{12}') }),
  );
}

/** ISO 3166-1 alpha-2 country code, answered upper-case. */
export function countryParam(name: string = 'country'): OptionalParam<string | undefined> {
  const rule = `${name} must be a two-letter country code such as FR`;
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z]{2}$/, rule),
      v.toUpperCase(),
      queryForm({ type: 'string', pattern: trimmedPattern('[A-Za-z]{2}') }),
    ),
  );
}

/**
 * A radio station (`station`), by the rule `SLEEVE_STATION` meets (`STATION_CODE`): 1 to 64
 * letters, digits, `-` or `_`. Blank counts as absent (the default station); anything else is a
 * 400, never a path on the AzuraCast installation (`..` would walk up one).
 */
export function stationParam(name: string = 'station'): OptionalParam<string | undefined> {
  const rule = `${name} must be a station shortcode or id: 1 to 64 letters, digits, - or _`;
  return v.pipe(
    v.optional(v.string()),
    v.transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim())),
    v.check((s) => s === undefined || STATION_CODE.test(s), rule),
    queryForm({ type: 'string', pattern: `^\\s*$|${trimmedPattern('[A-Za-z0-9_-]{1,64}')}` }),
  );
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
    queryForm({ type: 'array', items: { type: 'string', enum: allowed }, minItems: 1, default: allowed }),
  );
}

/** One value of an enum (e.g. discography `type`). */
export function optionalEnum<T extends string>(name: string, allowed: readonly T[]): OptionalParam<T | undefined, T> {
  return v.optional(v.picklist(allowed, `${name} must be one of ${allowed.join(', ')}`));
}

/**
 * A genre or editorial id as `/editorial/genres` lists them: a whole number from 0 (`All`),
 * unlike `idParam`, which starts at 1. With a fallback it may be left out (the editorial
 * lists default to 0, as Deezer's editorial pages do).
 */
export function genreIdParam(name: string): RequiredParam<number>;
export function genreIdParam(name: string, fallback: number): OptionalParam<number>;
export function genreIdParam(name: string, fallback?: number): RequiredParam<number> | OptionalParam<number> {
  const rule = `${name} must be a genre id: a whole number from 0, as /editorial/genres lists them`;
  const checked = numberFromText(rule, 0, MAX_ID, true);
  const max = MAX_ID;
  return fallback === undefined
    ? v.pipe(v.string(`${name} is required`), ...checked, queryForm({ type: 'integer', minimum: 0, maximum: max }))
    : v.pipe(
        v.optional(v.string(), String(fallback)),
        ...checked,
        queryForm({ type: 'integer', minimum: 0, maximum: max, default: fallback }),
      );
}

/**
 * `artist` (a name) or `id`, one required, with an endpoint's `extra` parameters; `id` wins
 * when both are given since it skips the lookup. Missing both: a 400 naming `artist`.
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
