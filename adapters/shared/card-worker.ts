/**
 * @module
 * The worker thread of the card pool (`card-pool.ts`, D53): instantiates resvg once with the
 * module and fonts the pool sends it first, keeps them, then draws each SVG it is sent and
 * sends back its PNG (the bytes moved, not copied). It reads no file itself, so it draws with
 * whatever `cardFiles` the Sleeve was given, embedded copies included. It loads resvg's leaf
 * of core (`installed/png-drawer.ts`), not the whole of core.
 */
import { parentPort } from 'node:worker_threads';
import { pngDrawer } from '../../core/installed/png-drawer.ts';
import type { FromPool, ToPool } from './card-pool-messages.ts';

const port = parentPort!;
let drawer: ReturnType<typeof pngDrawer> | undefined;
const say = (message: FromPool, moved: ArrayBuffer[] = []): void => port.postMessage(message, moved);

port.on('message', async (message: ToPool) => {
  if (message.kind === 'files') {
    drawer = pngDrawer({ wasm: message.wasm, fonts: message.fonts });
    drawer.then(
      () => say({ kind: 'ready' }),
      (cause) => say({ kind: 'failed', error: String(cause) }),
    );
    return;
  }
  try {
    // Messages arrive in order, so the files came first; the drawing waits for resvg to start.
    const png = (await drawer!)(message.svg);
    say({ kind: 'drawn', id: message.id, png }, [png.buffer]);
  } catch (cause) {
    say({ kind: 'error', id: message.id, error: String(cause) });
  }
});
