/**
 * @module
 * How long a Deezer preview URL may be handed out. Current previews are signed
 * (`...?hdnea=exp=1732300000~acl=...~hmac=...`) and stop working at `exp`; older unsigned ones
 * do not expire. A signed URL is kept until a minute before its expiry, never past it.
 */
const MARGIN_SECONDS = 60;

/** Seconds the URL stays usable from `nowMs`, less a margin; undefined when it is not signed. */
export function previewSeconds(url: string, nowMs: number): number | undefined {
  const exp = /[?&~]hdnea=exp=(\d+)|[?&~]exp=(\d+)/.exec(url);
  const seconds = exp ? Number(exp[1] ?? exp[2]) : Number.NaN;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.max(0, Math.floor(seconds - nowMs / 1000) - MARGIN_SECONDS);
}
