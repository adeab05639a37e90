/**
 * @module
 * D8: the client a rate limit counts. The adapter's socket address, unless the operator says
 * a proxy they trust sits in front (`SLEEVE_TRUST_PROXY`): then the first address of
 * `Forwarded: for=`, `X-Forwarded-For` or `X-Real-IP`, in that order. Without trust these
 * headers are ignored, since any client can send them. A forwarded value that is not an address
 * (at most 45 characters of hex digits, dots and colons, as IPv6 with IPv4 at its end) is
 * ignored too: every count and queue is keyed by it, and a client could otherwise make each
 * key 16 KiB long.
 */
import type { Context } from 'hono';
import { bindings, type SleeveBindings } from '../context.ts';
import { ownCopy } from '../query-memo.ts';
import type { HeaderReader } from '../hit/request-view.ts';

const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

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
    if (forwarded && ADDRESS.test(forwarded)) return ownCopy(forwarded);
  }
  return env.clientIp;
}
