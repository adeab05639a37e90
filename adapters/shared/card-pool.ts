/**
 * @module
 * PNG cards drawn on worker threads (D53): the `cardRenderer` the servers of Node, Bun and Deno
 * give their Sleeve (`server-sleeve.ts`), so drawing a card (~95 ms of CPU) never holds the
 * thread that answers everyone else. Core may not start threads; this adapter does, through
 * `node:worker_threads`, which Node, Bun and Deno all provide.
 *
 * - **Threads:** one fewer than the cores (one at least, four at most): on this project's
 *   2-core box, one drawing thread beside the answering one. Started on the first PNG, and
 *   unref'd, so they never keep a process from exiting.
 * - **Files once per thread:** the Sleeve's `cardFiles` are read once (`cardFileLoader`, so an
 *   unreadable file is the same 503 `not_configured`), sent to each thread once, where resvg is
 *   instantiated and the fonts kept (`card-worker.ts`).
 * - **Bounded:** the budget (`core/cards/render-budget.ts`) lets at most `threads` drawings in
 *   at once, so the queue here never holds more than a few. A thread that dies fails its
 *   drawing with a 503 and `Retry-After: 1` and is replaced on the next card.
 * - **Where threads cannot start** (a build that left the worker's module out, a runtime
 *   without them): drawn on the answering thread instead (core's `pngRenderer`), logged once,
 *   and `threads` reads 0, so the budget shrinks to that thread's.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  type CardFileBytes,
  cardFileLoader,
  type CardRenderer,
  type Logger,
  type PngRenderer,
  pngRenderer,
  SleeveError,
} from '../../core/index.ts';
import type { FromPool, ToPool } from './card-pool-messages.ts';

export interface CardPoolOptions {
  /** Drawing threads (default: one fewer than the cores, 1 to 4). */
  threads?: number;
  /** The threads' Node flags (default: this process's), e.g. a TypeScript loader where none is inherited. */
  execArgv?: string[];
}

function defaultCardThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

/** The worker's module: beside this one, TypeScript in the sources, JavaScript in the npm build. */
function workerUrl(): URL {
  const here = import.meta.url;
  // Bun's executable holds its entries under one root named from their common folder (`adapters/`):
  // the command as `sleeve`, this worker as `shared/card-worker.js` (`scripts/build-exe.ts`).
  if (here.includes('/$bunfs/')) return new URL('./shared/card-worker.js', here);
  return new URL(`./card-worker.${here.endsWith('.ts') ? 'ts' : 'js'}`, here);
}
const WORKER_URL = workerUrl();

function startWorker(execArgv: string[] | undefined): Worker {
  const node = !('Bun' in globalThis) && !('Deno' in globalThis);
  if (node && WORKER_URL.pathname.endsWith('.ts')) {
    // Node runs the sources through tsx (`npm start`'s `--import tsx`), whose hooks a worker
    // thread does not inherit: the worker registers them before it loads its module.
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const code = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
    return new Worker(code, { eval: true, execArgv });
  }
  // A path made from the URL's text: checked beside Bun's types (JSR's check), whose global URL
  // Node's Worker and fileURLToPath do not take.
  return new Worker(fileURLToPath(WORKER_URL.href), { execArgv });
}

interface Job {
  id: number;
  svg: string;
  resolve(png: Uint8Array<ArrayBuffer>): void;
  reject(error: Error): void;
}

interface Thread {
  /** Undefined once it died, until the next card starts another. */
  worker: Worker | undefined;
  job: Job | undefined;
}

/** W threads drawing, each holding resvg and the fonts; jobs go to the first idle one. */
class Threads {
  readonly #files: CardFileBytes;
  readonly #options: CardPoolOptions;
  readonly #all: Thread[] = [];
  readonly #waiting: Job[] = [];
  #nextId = 0;

  constructor(files: CardFileBytes, count: number, options: CardPoolOptions) {
    this.#files = files;
    this.#options = options;
    for (let i = 0; i < count; i++) this.#all.push(this.#spawn());
  }

  /** Resolves once every thread has resvg instantiated; rejects (and stops them) when one cannot. */
  async ready(): Promise<void> {
    const started = [...this.#all];
    try {
      await Promise.all(started.map((thread) => firstWord(thread.worker!)));
    } catch (cause) {
      this.#all.length = 0;
      for (const thread of started) void thread.worker!.terminate();
      throw cause;
    }
  }

  draw(svg: string): Promise<Uint8Array<ArrayBuffer>> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ id: this.#nextId++, svg, resolve, reject });
      this.#pump();
    });
  }

  #spawn(): Thread {
    const worker = startWorker(this.#options.execArgv);
    worker.unref();
    const thread: Thread = { worker, job: undefined };
    const files: ToPool = { kind: 'files', wasm: this.#files.wasm, fonts: this.#files.fonts };
    worker.postMessage(files);
    worker.on('message', (message: FromPool) => {
      if (message.kind !== 'drawn' && message.kind !== 'error') return;
      const job = thread.job;
      thread.job = undefined;
      if (message.kind === 'drawn') job?.resolve(message.png);
      else job?.reject(new Error(`resvg could not draw the card: ${message.error}`));
      this.#pump();
    });
    worker.on('exit', () => {
      // A thread that died (out of memory, a crash) fails its card, and is replaced when the next
      // card comes (not at once: a thread that cannot start would be restarted in a loop). One
      // stopped because the threads did not start is no longer in the pool.
      const index = this.#all.indexOf(thread);
      if (index >= 0) this.#all[index] = { worker: undefined, job: undefined };
      thread.job?.reject(
        new SleeveError('service_unavailable', 'The thread drawing this card stopped. Try again in a second.', {
          headers: { 'Retry-After': '1' },
        }),
      );
      this.#pump();
    });
    worker.on('error', () => {});
    return thread;
  }

  #pump(): void {
    for (let i = 0; i < this.#all.length; i++) {
      if (this.#all[i]!.job !== undefined) continue;
      const job = this.#waiting.shift();
      if (job === undefined) return;
      if (this.#all[i]!.worker === undefined) this.#all[i] = this.#spawn();
      const thread = this.#all[i]!;
      thread.job = job;
      const draw: ToPool = { kind: 'draw', id: job.id, svg: job.svg };
      thread.worker!.postMessage(draw);
    }
  }
}

/** The worker's first word: ready, or why it cannot draw (its module failed to load, resvg failed to start). */
function firstWord(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromPool): void => {
      worker.off('error', onError);
      if (message.kind === 'ready') resolve();
      else reject(new Error(message.kind === 'failed' ? message.error : 'unexpected first message'));
    };
    const onError = (error: Error): void => {
      worker.off('message', onMessage);
      reject(error);
    };
    worker.once('message', onMessage);
    worker.once('error', onError);
  });
}

/** A `cardRenderer` drawing on worker threads (see the module). */
export function cardPool(options: CardPoolOptions = {}): CardRenderer {
  const count = options.threads ?? defaultCardThreads();
  return (read, log: Logger): PngRenderer => {
    let inThread: PngRenderer | undefined;
    const threads = cardFileLoader(read, log, async (files) => {
      try {
        const started = new Threads(files, count, options);
        await started.ready();
        return started;
      } catch (cause) {
        log.error('PNG cards are drawn on the thread that answers requests: worker threads did not start', {
          error: cause instanceof Error ? cause.message : String(cause),
        });
        inThread = pngRenderer(read, log);
        return undefined;
      }
    });
    return {
      get threads() {
        return inThread ? 0 : count;
      },
      async render(svg) {
        const started = inThread ? undefined : await threads();
        return started ? started.draw(svg) : inThread!.render(svg);
      },
    };
  };
}
