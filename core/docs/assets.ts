/**
 * @module
 * The files the `/docs` page is made of, by the names it links them with: an allow-list, so
 * a request names one of these or gets a 404, and no path is ever built from a caller's text.
 * Swagger UI's files come from `docsFiles` (by default the installed swagger-ui-dist, or the
 * copy embedded in a build, `installed/swagger-ui-dist.ts`), read on first request and held in memory once read; Sleeve's own are strings. A token names the
 * current set (swagger-ui-dist's version and Sleeve's own texts), so the page links each file
 * with it and a file asked for under the current token can be cached for good.
 */
import type { Logger } from '../logger.ts';
import { SleeveError } from '../errors.ts';
import { hash64 } from '../utils/hash.ts';
import { INIT_SCRIPT } from './init-script.ts';
import { PAGE_CSS, pageHtml } from './page.ts';
import type { DocsFiles } from '../installed/swagger-ui-dist.ts';
import { keptOnSuccess } from '../utils/kept-on-success.ts';

interface DocsFile {
  body: string | Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
}

export interface DocsAssets {
  /** Names the current files; changes whenever swagger-ui-dist or the page's own texts do. */
  token(): Promise<string>;
  page(): Promise<DocsFile>;
  /** One of the page's files, or null when the name is not one of them. */
  file(name: string): Promise<DocsFile | null>;
}

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const PNG = 'image/png';

/** Swagger UI's files the page links, by name in the package. */
const PACKAGE_FILES: ReadonlyMap<string, string> = new Map([
  ['swagger-ui-bundle.js', JS],
  ['swagger-ui.css', CSS],
  ['favicon-32x32.png', PNG],
  ['favicon-16x16.png', PNG],
]);

/** Sleeve's own files of the page. */
const OWN_FILES: ReadonlyMap<string, { body: string; type: string }> = new Map([
  ['init.js', { body: INIT_SCRIPT, type: JS }],
  ['page.css', { body: PAGE_CSS, type: CSS }],
]);

export const DOCS_FILE_NAMES: readonly string[] = [...PACKAGE_FILES.keys(), ...OWN_FILES.keys()];

/** Every file of swagger-ui-dist the page reads: those it links, and `package.json` for the token. */
export const PACKAGE_FILE_NAMES: readonly string[] = [...PACKAGE_FILES.keys(), 'package.json'];

const UNREADABLE =
  'The API reference page needs the files of the swagger-ui-dist package, which this deployment cannot read. Install swagger-ui-dist beside Sleeve and let it be read, or pass createSleeve({ docsFiles }).';

export function docsAssets(read: DocsFiles, log: Logger): DocsAssets {
  let told = false;
  const unreadable =
    (name: string) =>
    (cause: unknown): never => {
      // Logged once, however many requests meet it; the body never carries the cause (a path).
      if (!told)
        log.error('the docs page cannot read swagger-ui-dist', {
          file: name,
          error: cause instanceof Error ? cause.message : String(cause),
        });
      told = true;
      throw new SleeveError('not_configured', UNREADABLE, { cause });
    };
  const packageFiles = new Map(
    PACKAGE_FILE_NAMES.map(
      (name) =>
        [name, keptOnSuccess(() => read(name).then((bytes) => new Uint8Array(bytes), unreadable(name)))] as const,
    ),
  );

  const token = keptOnSuccess(async () => {
    const { version } = JSON.parse(new TextDecoder().decode(await packageFiles.get('package.json')!())) as {
      version?: unknown;
    };
    return hash64(`swagger-ui-dist@${String(version)}\n${INIT_SCRIPT}\n${PAGE_CSS}\n${pageHtml('')}`);
  });
  const page = keptOnSuccess(async () => {
    const body = pageHtml(await token());
    return { body, type: 'text/html; charset=utf-8', etag: `"${hash64(body)}"` };
  });

  return {
    token,
    page,
    async file(name) {
      const own = OWN_FILES.get(name);
      const type = own?.type ?? PACKAGE_FILES.get(name);
      if (type === undefined) return null;
      const [current, body] = await Promise.all([token(), own?.body ?? packageFiles.get(name)!()]);
      return { body, type, etag: `"${hash64(`${current} ${name}`)}"` };
    },
  };
}
