/** @module The service's own version (the newest a path can pin, docs/http.md) and when it was released (health `releasedAt`). */
export const VERSION = '3.0.0';
/** Written like `D Mon YYYY`: the form the interface gives health's `releasedAt`. */
export const RELEASED_AT = '22 Nov 2026';
