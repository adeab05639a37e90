/** The built-in demo catalogue runs the whole source contract. */
import { createCatalogDrivers } from '../../../core/drivers/catalog/index.ts';
import { runFeaturesContract, runMusicContract, runRadioContract } from '../../helpers/drivers/contract.ts';
import { runEditorialContract } from '../../helpers/drivers/contract-editorial.ts';

const sources = createCatalogDrivers();

runMusicContract({ name: 'catalog', make: () => sources.music });

runEditorialContract({ name: 'catalog', make: () => sources.music });

runFeaturesContract({
  name: 'catalog',
  make: () => sources.features,
  knownIsrcs: async () =>
    (await sources.music.chart(null, { limit: 20 }))!.tracks.flatMap((t) => (t.isrc ? [t.isrc] : [])).slice(0, 5),
});

runRadioContract({ name: 'simulated station', make: () => sources.radio });
