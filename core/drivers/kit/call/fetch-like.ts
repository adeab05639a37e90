/**
 * @module
 * The fetch drivers are given, as a type of its own: the kit's context takes it, the counting
 * fetch (`counting-fetch.ts`) wraps it and the options name it, so it sits in a file that imports
 * nothing and no two of them import each other for it.
 */

/**
 * The runtime's fetch as drivers use it (through `call.ts`); a plain signature so any
 * runtime's fetch, or a test's, fits. Not ofetch: all the drivers ask of a fetch is in
 * `call.ts`, and ofetch on Node also loads node-fetch-native, some 30 ms at the first
 * upstream call of a cold start.
 */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
