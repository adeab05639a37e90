/**
 * @module
 * Demo-mode drivers (D18): the catalogue as music and features drivers, and the simulated
 * station. Synchronous to create; the catalogue loads lazily behind one memoised promise, so
 * `createSleeve()` stays synchronous and start-up awaits `prepareCatalog` for early errors.
 */
import type { DriverContext } from '../kit/context.ts';
import type { CallOptions, ProbeResult } from '../contracts/driver.ts';
import type { Drivers } from '../contracts/drivers.ts';
import type { FeaturesDriver } from '../contracts/features.ts';
import { compactIsrc } from './codes.ts';
import { toFeatures } from './domain.ts';
import { BUILTIN, PreparedCatalog, type CatalogContents, type LoadedCatalog } from './prepared.ts';
import { createCatalogMusic, DEMO_CATALOGUE, DRIVER_NAME, type Catalog } from './music.ts';
import { createStation } from './station/station.ts';

export interface CatalogSourcesOptions {
  /** A catalogue file's contents, or the file prepared (`prepareCatalog`); without it, the built-in catalogue. */
  catalog?: CatalogContents;
  /** The station shortcode served by default (`sleeve`). */
  station?: string;
  /** Seed of the built-in catalogue (and so of the station's programme). */
  seed?: string;
  /** Size of the built-in catalogue, in tracks. */
  tracks?: number;
}

/**
 * The registry's factory. The catalogue needs nothing of the driver context (no network, no
 * storage: everything is in memory), but takes it like every driver so the registry can treat
 * all drivers alike.
 */
export default function catalogDrivers(options: CatalogSourcesOptions, _ctx?: DriverContext): Drivers {
  return createCatalogDrivers(options);
}

export function createCatalogDrivers(options: CatalogSourcesOptions = {}): Drivers {
  let loading: Promise<LoadedCatalog> | undefined;
  // The parser, generator and indexes are imported with the first load (`prepared.ts`).
  const load = (): Promise<LoadedCatalog> =>
    (loading ??= import('./loaded.ts').then(({ builtinCatalog, fileCatalog }) =>
      options.catalog !== undefined
        ? fileCatalog(options.catalog)
        : builtinCatalog(options.seed ?? BUILTIN.seed, options.tracks ?? BUILTIN.tracks),
    ));
  const catalog: Catalog = async (call?: CallOptions) => {
    call?.scope?.signal.throwIfAborted();
    return load();
  };
  const probe = async (call?: CallOptions): Promise<ProbeResult> => {
    call?.scope?.signal.throwIfAborted();
    return load().then(
      () => ({ ok: true, status: 200 }),
      () => ({ ok: false, status: 500 }),
    );
  };
  const music = createCatalogMusic(catalog, probe);
  const features: FeaturesDriver = {
    name: DRIVER_NAME,
    probes: DEMO_CATALOGUE,
    probe,
    async features(isrcs, call) {
      const { store } = await catalog(call);
      const found = new Map();
      for (const isrc of isrcs) {
        const t = store.byIsrc.get(compactIsrc(isrc));
        const f = t ? toFeatures(t) : null;
        if (f) found.set(isrc, f);
      }
      return found;
    },
  };
  const radio = createStation({ shortcode: options.station ?? 'sleeve', catalog, probe });
  return { music, features, radio };
}

/**
 * Loads and checks a catalogue file ahead of serving, so start-up can report a bad file as one
 * line and exit. Drivers made later from the same contents reuse this work; made from the
 * answer instead, they let the contents go (the service then holds no copy of the file).
 */
export async function prepareCatalog(contents?: CatalogContents): Promise<PreparedCatalog> {
  if (contents instanceof PreparedCatalog) return contents;
  const { builtinCatalog, fileCatalog } = await import('./loaded.ts');
  return new PreparedCatalog(await (contents === undefined ? builtinCatalog() : fileCatalog(contents)));
}

export { PreparedCatalog, type CatalogContents };
