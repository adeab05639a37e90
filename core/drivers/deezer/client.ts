/**
 * @module
 * One call to Deezer's API within its budget. Deezer answers most errors with HTTP 200
 * and an `error` body: code 800 ("no data") is "not found" (null); code 4 ("quota exceeded")
 * is an answer asking to hold off (`HoldOff`): the kit's retry pauses this process's budget and
 * asks again while the budget's 3-s wait allows, then the caller hears a 503; any other error
 * body is a 502. Transport failures come from `kit/call/call.ts` (2.5 s: 504).
 */
import { upstreamError } from '../../errors.ts';
import type { Budget } from '../kit/budget/budget.ts';
import { call, HoldOff, UPSTREAM_TIMEOUT_MS, type Upstream } from '../kit/call/call.ts';
import type { BudgetSpec, DriverContext } from '../kit/context.ts';
import { decoded } from '../shared/wire.ts';
import type { RequestScope } from '../kit/scope.ts';

export const DRIVER_NAME: string = 'deezer';
/** https://developers.deezer.com/api: "50 requests / 5 seconds" per IP. */
export const DEEZER_BUDGET: BudgetSpec = { name: DRIVER_NAME, limit: 50, windowMs: 5000 };
const TIMEOUT_MS: number = UPSTREAM_TIMEOUT_MS;
/** How long everyone in this process holds off after Deezer says "quota exceeded". */
export const QUOTA_PAUSE_MS = 1000;

export type Query = Record<string, string | number | undefined>;

export interface DeezerClient {
  /**
   * The body of `path`, or null when Deezer has no such thing; `decode` maps it, and a body of
   * another shape than Deezer documents is a 502 rather than a bug of ours.
   */
  get<T>(path: string, query: Query, scope: RequestScope | undefined, decode: (body: unknown) => T): Promise<T | null>;
}

interface ErrorBody {
  code: number;
  message: string;
}

function errorOf(body: unknown): ErrorBody | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return { code: -1, message: String(error) };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'number' ? code : -1,
    message: typeof message === 'string' ? message : 'unknown error',
  };
}

export function deezerClient(
  ctx: DriverContext,
  baseUrl: string,
  budget: Budget,
  timeoutMs: number = TIMEOUT_MS,
): DeezerClient {
  const api: Upstream = ctx.upstream({
    name: DRIVER_NAME,
    base: baseUrl,
    timeoutMs,
    budget,
    setting: 'SLEEVE_DEEZER_URL',
  });
  return {
    /** One call within the budget; its failures, error bodies included, count against the circuit. */
    async get(path, query, scope, decode) {
      const found = await call(api, path, { query, scope }, async (reply) => {
        const { status } = reply;
        const body = await reply.json();
        // Deezer says "not found" with a 404 for unknown routes and ids, whatever the body holds.
        if (status === 404) return null;
        const error = errorOf(body);
        if (error?.code === 800) return null;
        // Everyone in this process holds off, and the call is asked again (`kit/policies/retry.ts`).
        if (error?.code === 4)
          throw new HoldOff(
            QUOTA_PAUSE_MS,
            'service_unavailable',
            '[sleeve] [deezer] the upstream budget is exhausted; try again shortly',
            { headers: { 'Retry-After': String(Math.ceil(DEEZER_BUDGET.windowMs / 1000)) } },
          );
        if (error) throw upstreamError(DRIVER_NAME, `answered error ${error.code}: ${error.message}`);
        if (status !== 200) throw upstreamError(DRIVER_NAME, `answered HTTP ${status}`);
        return { body };
      });
      // Decoded after the call, outside its circuit and its report: how we read a body is not the upstream failing.
      return found === null ? null : decoded(DRIVER_NAME, found.body, decode);
    },
  };
}
