/**
 * What every test of D13's budget checks of its answers and of the replay's log, whatever runs
 * the instances (in process, in workerd, under `deno serve`): no 5xx but 503, every 503 with
 * its Retry-After, and never more Deezer calls in any 5 s than its published quota.
 */
import { expect } from 'vitest';
import type { ReplayCall } from '../../../replay/server.ts';
import { busiestWindow } from '../../../replay/sliding-window.ts';

/** Deezer's published quota, which the replay enforces in quota mode. */
export const QUOTA = { limit: 50, windowMs: 5000 };

export interface Outcome {
  path: string;
  status: number;
  retryAfter: string | null;
  code: string | undefined;
  message: string | undefined;
  /** From this request's start to its answer's body. */
  ms: number;
}

/** Times one request from its start to its answer's body. */
export async function outcomeOf(path: string, send: () => Response | Promise<Response>): Promise<Outcome> {
  const started = performance.now();
  const res = await send();
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  return {
    path,
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    code: body?.error?.code,
    message: body?.error?.message,
    ms: performance.now() - started,
  };
}

/** Deezer's busiest sliding window: the features provider's calls are not counted against its budget. */
export const maxInWindow = (calls: readonly ReplayCall[], windowMs: number): number =>
  busiestWindow(
    calls.filter((c) => c.upstream === 'deezer').map((c) => c.at),
    windowMs,
  );

export function statusCounts(outcomes: readonly Outcome[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

/**
 * What every answer under the budget must be: no 5xx but 503, and every 503 says when its answer
 * will be there, or that none is promised (D66: then it has no Retry-After).
 */
export function expectWithinBudget(outcomes: readonly Outcome[], calls: readonly ReplayCall[]): void {
  const badServer = outcomes.filter((o) => o.status >= 500 && o.status !== 503);
  expect(badServer, JSON.stringify(badServer.slice(0, 3))).toEqual([]);
  const unavailable = outcomes.filter((o) => o.status === 503);
  expect(unavailable.every((o) => o.code === 'service_unavailable')).toBe(true);
  expect(
    unavailable.filter((o) =>
      o.retryAfter === null ? !/not promised/.test(o.message ?? '') : !(Number(o.retryAfter) >= 1),
    ),
    'every 503 has Retry-After or says nothing is promised',
  ).toEqual([]);
  expect(
    calls.filter((c) => c.body === 'quota'),
    'quota bodies the upstream had to send',
  ).toEqual([]);
  expect(maxInWindow(calls, QUOTA.windowMs)).toBeLessThanOrEqual(QUOTA.limit);
}

/**
 * Two instances' load on one budget: each fires 4 new distinct cold searches every 100 ms for
 * 6 s (40 a second each, five times what the shared budget lets through; one instance alone
 * would spend all of it). `ask(path, j)` sends one of them (`j`: its place in the four).
 */
export async function coldSearches(
  tag: string,
  ask: (path: string, j: number) => Promise<Outcome>,
): Promise<Outcome[]> {
  const pending: Promise<Outcome>[] = [];
  const until = performance.now() + 6000;
  for (let i = 0; performance.now() < until; i++) {
    for (let j = 0; j < 4; j++) pending.push(ask(`/search/artist?query=${tag}${i}x${j}qz`, j));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Promise.all(pending);
}
