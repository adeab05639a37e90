/**
 * @module
 * Spec §8.1's budgets of the AI routes (D31), named once for their declarations. `/ai/*` and
 * `/assistant` share one: it protects model calls, whichever route asks for one.
 */
import type { GenerationBudget } from '../../http/generations.ts';

/** Spec §8.1: "/ai/* allow 10 fresh generations per hour per IP; cached results do not count". */
export const AI_GENERATIONS: GenerationBudget = { name: 'ai', perHour: 10, unit: 'fresh generations' };

/** Spec §8.1: "/chat allows 50 messages per hour per IP". */
export const CHAT_MESSAGES: GenerationBudget = { name: 'chat', perHour: 50, unit: 'chat messages' };

/** Spec §8.4: "/ai/* 30 days per unique query". */
export const AI_CACHE_SECONDS: number = 30 * 24 * 60 * 60;
