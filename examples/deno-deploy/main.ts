// Deno Deploy's entry, and `deno serve`'s: Sleeve on Deno KV (docs/deploying.md#deno-deploy).
export { default } from 'sleeve/deno-deploy';
