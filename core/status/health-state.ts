/**
 * @module
 * The page's header state from what `/healthz` answered, so the two never disagree: the page
 * decides nothing of its own, it names the answer.
 */
import type { Health } from '../services/health.ts';
import type { StatusHealth } from './feed.ts';

export function healthState({ status, body }: { status: number; body: Health }): StatusHealth {
  const state =
    body.status === 'draining' ? 'draining' : status === 503 ? 'unreachable' : body.degraded ? 'degraded' : 'serving';
  return { state, httpStatus: status, failing: body.checks.filter((check) => !check.ok).map((check) => check.name) };
}
