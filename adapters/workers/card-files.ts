/**
 * @module
 * What a Worker reads its `/docs` and card files from (D47). workerd compiles no WebAssembly
 * from bytes ("Wasm code generation disallowed by embedder"), so resvg's module is imported as
 * the Workers bundler imports a `.wasm` file: compiled when the Worker is deployed, and not
 * carried a second time as the embedded base64 copy. The fonts and swagger-ui's files are the
 * embedded copies (D38), as anywhere without a file system.
 */
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import { type EmbeddedModule, unpackEmbedded } from '../../core/installed/embedded.ts';
import { embeddedCardFonts, type CardFiles } from '../../core/installed/card-files.ts';
import type { DocsFiles } from '../../core/installed/swagger-ui-dist.ts';

async function embedded(load: () => Promise<EmbeddedModule>, name: string): Promise<Uint8Array> {
  const text = (await load()).FILES[name];
  if (text === undefined) throw new Error(`no embedded copy of ${name}`);
  return unpackEmbedded(text);
}

export const workerCardFiles: CardFiles = async (name) => {
  if (name !== 'resvg.wasm') return embedded(embeddedCardFonts, name);
  // Absent only in a Worker built from the JSR package (`no-wasm.ts`).
  if (resvgWasm === undefined) throw new Error('this build carries no compiled resvg module');
  return resvgWasm;
};

export const workerDocsFiles: DocsFiles = (name) =>
  embedded(() => import('../../core/installed/embedded/swagger-ui-dist.ts'), name);
