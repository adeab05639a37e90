/**
 * @module
 * `createSleeve(options)` → `{ fetch, app }`: the whole service as a web-standard handler.
 * Runtime adapters (`sleeve/bun`, `sleeve/deno`, `sleeve/node`, `sleeve/vercel`,
 * `sleeve/workers`) wrap it.
 */
import { createSleeveWith, type Sleeve } from './create.ts';
import type { Platform, SleeveOptions } from './wiring/options.ts';
import { storageFromSpec } from './storage/from-spec.ts';
import { installedSwaggerUi } from './installed/swagger-ui-dist.ts';
import { installedCardFiles } from './installed/installed-card-files.ts';

/** A server's platform: storage by spec (memory, fs, Redis), files from the installed packages (or their embedded copies). */
export const SERVER_PLATFORM: Platform = {
  storage: storageFromSpec,
  docsFiles: installedSwaggerUi,
  cardFiles: installedCardFiles,
};

export function createSleeve(options: SleeveOptions = {}): Sleeve {
  return createSleeveWith(options, SERVER_PLATFORM);
}

export { createSleeveWith, type ConnInfo, type Sleeve } from './create.ts';
export type { Platform } from './wiring/options.ts';
export type { Storage } from './storage/storage.ts';
export type { CardFiles, CardFileName } from './installed/card-files.ts';
export type { CardRenderer, PngRenderer } from './installed/card-renderer.ts';
export { cardFileLoader, type CardFileBytes } from './installed/card-loader.ts';
export { pngRenderer } from './cards/png.ts';
export { SleeveError, ERROR_CODES, type ErrorCode } from './errors.ts';
export type { SleeveOptions, Mode, UpstreamUrls } from './wiring/options.ts';
import type { WindowCount } from './storage/counters.ts';
export type { CounterStore, WindowCount } from './storage/counters.ts';
/** @deprecated The old name of `WindowCount` (a counter's count in its window), kept for embedders that import it. */
export type CounterHit = WindowCount;
export type { DocsFiles } from './installed/swagger-ui-dist.ts';
export type { Deps } from './wiring/deps.ts';
export type { Logger, RequestLogFormat, RequestRecord } from './logger.ts';
export type { ProcessMemory } from './observe/metrics.ts';
export { jsonLine } from './observe/request-line.ts';
export { encodeJsonLine } from './observe/json-line-bytes.ts';
export type { RequestView } from './http/hit/request-view.ts';
export type * from './domain/music.ts';
export type * from './domain/features.ts';
export type * from './domain/images.ts';
export type * from './domain/links.ts';
export type * from './domain/radio.ts';
export type * from './domain/chat.ts';
export type * from './domain/attribution.ts';
export type * from './domain/lyrics.ts';
export type * from './domain/knowledge.ts';
// Probed, the part every contract shares, stays unexported, as it was.
export type { CallOptions, ProbeResult, RequestScope } from './drivers/contracts/driver.ts';
export type * from './drivers/contracts/music.ts';
export type * from './drivers/contracts/features.ts';
export type * from './drivers/contracts/links.ts';
export type * from './drivers/contracts/radio.ts';
export type * from './drivers/contracts/chat.ts';
export type * from './drivers/contracts/lyrics.ts';
export type * from './drivers/contracts/knowledge.ts';
export type * from './drivers/contracts/drivers.ts';
// The contracts' names before D46 (a driver was a "source"), kept for embedders that import them.
export type { MusicDriver as MusicSource } from './drivers/contracts/music.ts';
export type { FeaturesDriver as FeaturesSource } from './drivers/contracts/features.ts';
export type { LinksDriver as LinksSource } from './drivers/contracts/links.ts';
export type { RadioDriver as RadioSource } from './drivers/contracts/radio.ts';
export type { LyricsDriver as LyricsSource } from './drivers/contracts/lyrics.ts';
export type { KnowledgeDriver as KnowledgeSource } from './drivers/contracts/knowledge.ts';
export type { Drivers as Sources } from './drivers/contracts/drivers.ts';
export {
  defineEndpoint,
  type Endpoint,
  type AnyEndpoint,
  type EndpointContext,
  type CachePolicy,
  type MediaAnswer,
} from './http/endpoint.ts';
export { optionsFromEnv, ConfigError, type EnvConfig } from './wiring/config.ts';
export { VERSION } from './version.ts';
export { clientKey, DEFAULT_IPV6_PREFIX } from './http/conn/client-key.ts';
export { connectionClient } from './http/conn/client-ip.ts';
export { prepareCatalog, type PreparedCatalog, type CatalogContents } from './drivers/catalog/index.ts';
