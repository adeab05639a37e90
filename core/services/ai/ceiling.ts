/**
 * @module
 * The instance's ceiling on model calls (D56): at most `perHour` calls to the chat model per
 * hour, whatever the client, the route or the budget it was drawn from. The per-client budgets
 * (D31) are a courtesy that `SLEEVE_RATE_LIMITS` scales or turns off; this is the operator's
 * bill, so neither touches it. It wraps the model itself, so every call is counted and nothing
 * else: an answer from the cache, bad input or an unknown track never reaches the model.
 *
 * Counted in fixed aligned hours in the configured counters (Redis, Deno KV, a Durable
 * Object), so instances that share them share one ceiling, and always in this process too: when
 * the shared store fails or its breaker is open, the process's own count decides, so an outage
 * of the storage narrows the ceiling to each instance's own hour rather than lifting it.
 */
import { SleeveError } from '../../errors.ts';
import type { ChatModel } from '../../drivers/contracts/chat.ts';
import type { Drivers } from '../../drivers/contracts/drivers.ts';
import type { Breaker } from '../../storage/breaker.ts';
import { countThrough, memoryCounters, type CounterStore, type WindowCount } from '../../storage/counters.ts';

const HOUR_MS: number = 3_600_000;
/** One key for the whole instance (client keys are `generations:<budget>|<address>`). */
const KEY: string = 'ai-calls';

export interface CeilingOptions {
  /** Model calls per hour for the whole instance (`SLEEVE_AI_PER_HOUR`). */
  perHour: number;
  /** Where the ceiling is shared: the rate limits' counters. */
  store: CounterStore;
  breaker: Breaker;
  now(): number;
  /** Told once an hour, when the ceiling is first reached: the operator should know. */
  onSpent?(perHour: number, resetAt: number): void;
}

/** Draws one model call from the instance's hour, or throws the 503 that says the hour is spent. */
export type DrawCall = () => void | Promise<void>;

export function modelCeiling(options: CeilingOptions): DrawCall {
  const { perHour, store, breaker, now } = options;
  // This process's own count, in a store of its own: one key, so no flood of client keys in the
  // shared in-process counters (`MEMORY_COUNTERS_CAP`) can start it afresh, and no outage loses it.
  const own = memoryCounters();
  let told = -1;
  const judge = (hit: WindowCount, at: number) => {
    if (hit.count <= perHour) return;
    if (told !== hit.resetAt) {
      told = hit.resetAt;
      options.onSpent?.(perHour, hit.resetAt);
    }
    const retry = String(Math.max(1, Math.ceil((hit.resetAt - at) / 1000)));
    throw new SleeveError(
      'service_unavailable',
      `This instance's AI budget for the hour is spent: at most ${perHour} model calls per hour for all clients together (answers served from the cache do not count). Retry in ${retry} s.`,
      { headers: { 'Retry-After': retry } },
    );
  };
  return () => {
    const at = now();
    const mine = own.hit(KEY, at, HOUR_MS);
    // The larger count decides: the shared one, unless the storage is down or missed this process's calls while it was.
    const larger = (shared: WindowCount | null) => (shared && shared.count >= mine.count ? shared : mine);
    const shared = countThrough(breaker, store, KEY, at, HOUR_MS);
    if (!(shared instanceof Promise)) return judge(larger(shared), at);
    return shared.then((hit) => judge(larger(hit), at));
  };
}

/** The model, each call drawn from the instance's hour first. */
export function ceiledModel(model: ChatModel, draw: DrawCall): ChatModel {
  return {
    name: model.name,
    model: model.model,
    complete: async (messages, options) => {
      await draw();
      return model.complete(messages, options);
    },
  };
}

/** The drivers with their chat model, if any, under the instance's ceiling. */
export function underCeiling(drivers: Drivers, options: CeilingOptions): Drivers {
  return drivers.ai ? { ...drivers, ai: ceiledModel(drivers.ai, modelCeiling(options)) } : drivers;
}
