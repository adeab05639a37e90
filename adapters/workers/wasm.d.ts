// A `.wasm` import, as the Workers bundler (wrangler, and Sleeve's own build) gives it: compiled.
declare module '*.wasm' {
  const compiled: WebAssembly.Module;
  export default compiled;
}
