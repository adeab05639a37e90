/**
 * @module
 * D8: the client a rate limit counts. The adapter's socket address, unless the operator says
 * a proxy they trust sits in front (`SLEEVE_TRUST_PROXY`): then the first address of
 * `Forwarded: for=`, `X-Forwarded-For` or `X-Real-IP`, in that order. Without trust these
 * headers are ignored, since any client can send them.
 */
import type { Context } from 'hono';
import { bindings, type SleeveBindings } from './context.ts';
import type { HeaderReader } from './request-view.ts';

function fromForwarded(value: string | undefined): string | undefined {
  const match = value?.match(/for=("?)\[?([^\]";,]+)\]?\1/i);
  return match?.[2]?.trim() || undefined;
}

export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  return clientIpOf(c.req.raw.headers, bindings(c), trustProxy);
}

/** The same, from a request's headers and the adapter's bindings (the hit path has no context). */
export function clientIpOf(headers: HeaderReader, env: SleeveBindings, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded =
      fromForwarded(headers.get('forwarded') ?? undefined) ??
      (headers.get('x-forwarded-for')?.split(',')[0]?.trim() || undefined) ??
      (headers.get('x-real-ip')?.trim() || undefined);
    if (forwarded) return forwarded;
  }
  return env.clientIp;
}
