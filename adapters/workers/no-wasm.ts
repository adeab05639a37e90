/**
 * @module
 * What `@resvg/resvg-wasm/index_bg.wasm` is in the JSR package (deno.json's imports): Deno's
 * type checker cannot load an npm package's `.wasm` as a module, and a Worker is bundled by
 * wrangler from the npm package, which imports the real file. Built from JSR, a Worker draws
 * SVG cards, and PNG ones answer 503 `not_configured` (D47).
 */
const missing: WebAssembly.Module | undefined = undefined;
export default missing;
