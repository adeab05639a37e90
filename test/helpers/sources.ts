/** Test doubles for sources: the demo ones with chosen probes swapped for slow or failing ones. */
import type { ProbeResult } from '../../core/drivers/contracts/driver.ts';
import type { Drivers } from '../../core/drivers/contracts/drivers.ts';
import { createCatalogDrivers } from '../../core/drivers/catalog/index.ts';

export type ProbeBehaviour = 'ok' | 'fail' | 'hang' | 'throw';

function probeOf(behaviour: ProbeBehaviour): () => Promise<ProbeResult> {
  switch (behaviour) {
    case 'ok':
      return async () => ({ ok: true, status: 200 });
    case 'fail':
      return async () => ({ ok: false, status: 502 });
    case 'throw':
      return async () => {
        throw new Error('connection refused');
      };
    case 'hang':
      // Ignores its abort signal on purpose: the health check must cut it off anyway.
      return () => new Promise<ProbeResult>(() => {});
  }
}

export function sourcesWithProbes(music: ProbeBehaviour, features: ProbeBehaviour): Drivers {
  const sources = createCatalogDrivers();
  return {
    ...sources,
    music: { ...sources.music, probe: probeOf(music) },
    features: { ...sources.features, probe: probeOf(features) },
  };
}
