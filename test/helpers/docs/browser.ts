/**
 * Chromium for the `/docs` tests, through playwright-core and Debian's own `chromium` (no
 * browser download). A missing Chromium fails with the command that installs it, unless
 * `SLEEVE_SKIP_BROWSER=1` says to skip. Every page records what it asked of any other host
 * (and is refused it), and every console error, page error or CSP refusal.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page, type Request as BrowserRequest } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
export const SKIP_BROWSER = process.env.SLEEVE_SKIP_BROWSER === '1';
/** Each wait in the page; a hang fails in seconds, not at the test's own timeout. */
const STEP_MS = 15_000;

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The /docs browser tests need Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\`, or set SLEEVE_SKIP_BROWSER=1 to skip them.`,
    );
  }
  // We run as root in CI containers, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], timeout: 20_000 });
}

export interface Visit {
  page: Page;
  /** Every URL the page asked of a host other than `origin`: each was refused. */
  external: string[];
  /** Console errors, uncaught page errors and CSP refusals. */
  problems: string[];
  /** Every request the page made to `origin`. */
  requests: BrowserRequest[];
}

/** A fresh page that may only reach `origin`. */
export async function newVisit(browser: Browser, origin: string): Promise<Visit> {
  const page = await browser.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.setDefaultNavigationTimeout(STEP_MS);
  const visit: Visit = { page, external: [], problems: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') visit.problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => visit.problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (new URL(request.url()).origin === origin) visit.requests.push(request);
  });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) {
      visit.external.push(url.href);
      return route.abort('blockedbyclient');
    }
    return route.continue();
  });
  return visit;
}

/** The operation block of a path, as Swagger UI renders it. */
export function operation(page: Page, path: string) {
  return page.locator('.opblock', { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
}

export interface TriedOut {
  status: string;
  body: string;
  request: BrowserRequest;
}

/**
 * Expands `GET /search/all`, fills `query`, executes, and returns what the page shows. The
 * page enables "Try it out" from the start (`tryItOutEnabled`), so the fields are editable at
 * once; the button is clicked only if it is there.
 */
export async function tryOutSearch(visit: Visit, query: string): Promise<TriedOut> {
  const op = operation(visit.page, '/search/all');
  await op.locator('.opblock-summary-control').click();
  const tryIt = op.getByRole('button', { name: 'Try it out' });
  if (await tryIt.isVisible()) await tryIt.click();
  await op.locator('tr[data-param-name="query"] input').fill(query);
  const sent = visit.page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/search/all'));
  await op.locator('button.execute').click();
  const request = await sent;
  const row = op.locator('.live-responses-table tbody tr.response').first();
  await row.waitFor();
  return {
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node.
    status: (await row.locator('.response-col_status').innerText()).trim(),
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node.
    body: await row.locator('.response-col_description pre').first().innerText(),
    request,
  };
}
