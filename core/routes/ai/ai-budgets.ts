/**
 * @module
 * The hourly budgets of the AI routes (D31), named once for their declarations. `/ai/*` and
 * `/assistant` share one: it protects model calls, whichever route asks for one.
 */
import type { GenerationBudget } from '../../http/generations.ts';

/** `/ai/*` allow 10 fresh generations per hour per client IP; cached answers do not count. */
export const AI_GENERATIONS: GenerationBudget = { name: 'ai', perHour: 10, unit: 'fresh generations' };

/** `/chat` allows 50 messages per hour per client IP. */
export const CHAT_MESSAGES: GenerationBudget = { name: 'chat', perHour: 50, unit: 'chat messages' };

/** `/ai/*` answers are cached 30 days per unique query. */
export const AI_CACHE_SECONDS: number = 30 * 24 * 60 * 60;
