/**
 * @module
 * The package's version, as `sleeve --version` prints it. Written here rather than read from
 * package.json at run time: the command runs from the npm bundle, from JSR's sources (which
 * ship deno.json, not package.json) and from a checkout alike. `test/integration/adapters/cli/cli.test.ts` checks it
 * equals package.json's and deno.json's.
 */
export const PACKAGE_VERSION: string = '0.1.0';
