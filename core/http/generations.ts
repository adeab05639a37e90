/**
 * @module
 * The hourly budgets of the AI routes (D31): `/chat` 50 messages, the `/ai/*` family
 * (and `/assistant`) 10 fresh generations per hour per client. A generation is a call to the
 * model, so it is counted by the handler just before it calls one: an answer from the cache,
 * a 400, a 404 or a deployment without a model never reaches that point and never counts.
 * Endpoints that name the same budget share it (the cost it protects, model calls, is the
 * same whichever route asks). Counted like the rate limits: per client IP, in fixed aligned
 * windows (an hour here), atomic in the configured storage (the rate limiter's own counters,
 * so Redis-sharing instances share one budget), scaled by `rateLimits` and off with it; a
 * storage failure lets the call through. A fresh generation answers with the budget's
 * `RateLimit-*` headers (the policy nearest exhaustion, which the per-minute one is not);
 * past it, a 429 with `Retry-After`. The instance's own ceiling on model calls, which holds
 * whatever the rate limits say, is the model's wrapper (`services/ai/ceiling.ts`, D56).
 */
import type { Context } from 'hono';
import type { Breaker } from '../storage/breaker.ts';
import { countThrough, type CounterStore } from '../storage/counters.ts';
import { clientIp } from './conn/client-ip.ts';
import type { ClientAddressing } from '../wiring/client-addressing.ts';
import type { SleeveEnv } from './context.ts';
import { admit, scaledLimit } from './layers/rate-limit.ts';

const HOUR_MS: number = 3_600_000;

/** A declaration's hourly budget of model calls (`Endpoint.generations`). */
export interface GenerationBudget {
  /** The budget's name: endpoints naming the same one share it (`ai`, `chat`). */
  name: string;
  /** Model calls per hour per client, before `rateLimits` scales it. */
  perHour: number;
  /** What one is called in messages and docs: `fresh generations`, `messages`. */
  unit: string;
}

export interface GenerationOptions {
  store: CounterStore;
  breaker: Breaker;
  now(): number;
  clients: ClientAddressing;
  rateLimits: number | 'off';
}

/** Draws one from this request's budget, or throws the 429; a no-op without a budget or with limits off. */
export type Spend = () => void | Promise<void>;

const nothing: Spend = () => {};
/** One function for every request of an endpoint without a budget: the hot path allocates nothing. */
const noBudget = (): Spend => nothing;

export function generationSpender(
  budget: GenerationBudget | undefined,
  options: GenerationOptions,
): (c: Context<SleeveEnv>) => Spend {
  const limit = budget === undefined ? undefined : scaledLimit(budget.perHour, options.rateLimits);
  if (budget === undefined || limit === undefined) return noBudget;
  const refusal = (retry: string) =>
    `Too many ${budget.unit}: at most ${limit} per hour per client (answers served from the cache do not count). Retry in ${retry} s.`;
  return (c) => async () => {
    const now = options.now();
    const key = `generations:${budget.name}|${clientIp(c, options.clients) ?? 'unknown'}`;
    const hit = await countThrough(options.breaker, options.store, key, now, HOUR_MS);
    if (hit) admit(c, hit, limit, now, refusal);
  };
}

/**
 * `10 fresh generations per hour per client (…) and at most 200 model calls per hour for the
 * whole instance`: the budgets in words, for `/openapi.json` and `/llms.txt`. The instance's
 * ceiling (D56) holds with the rate limits off, so it is said even then.
 */
export function generationPhrase(budget: GenerationBudget, rateLimits: number | 'off', aiPerHour: number): string {
  const limit = scaledLimit(budget.perHour, rateLimits);
  const instance = `at most ${aiPerHour} model calls per hour for the whole instance (past them, 503 until the hour ends)`;
  return limit === undefined
    ? `${instance}, counted only when the model is called`
    : `${limit} ${budget.unit} per hour per client (budget \`${budget.name}\`, counted only when the model is called) and ${instance}`;
}
