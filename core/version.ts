/** @module The service's own version (spec §9) and when it was released (health `releasedAt`). */
export const VERSION = '3.0.0';
/** Written like `D Mon YYYY`, as spec §2.8 asks. */
export const RELEASED_AT = '22 Nov 2026';
