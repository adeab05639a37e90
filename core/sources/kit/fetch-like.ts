/**
 * @module
 * The fetch drivers are given, as a type of its own: the kit's context takes it, the counting
 * fetch (`tally.ts`) wraps it and the options name it, so it sits in a file that imports
 * nothing and no two of them import each other for it.
 */

/** The runtime's fetch as drivers use it; a plain signature so any runtime's fetch, or a test's, fits. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
