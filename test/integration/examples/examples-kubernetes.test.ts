/**
 * examples/kubernetes (issue #36): the Deployment and the Service validated against the
 * Kubernetes API's own schemas (`kubernetes-models`, generated from its OpenAPI definitions),
 * and what the README promises of them: readiness on /readyz and liveness on /livez (D55), paths
 * Sleeve declares, a shutdown delay Sleeve accepts, a
 * grace period covering the delay and the drain, and a Service that reaches the pods' port.
 */
import { readFileSync } from 'node:fs';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { serveOptionsFromEnv } from '../../../adapters/shared/serve-env.ts';
import { memoryPlan } from '../../../adapters/launch/memory-plan.ts';
import { serverLimits } from '../../../adapters/shared/server-limits.ts';
import { ROOT } from '../../helpers/child-server.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { READY_STORAGE_MS } from '../../../core/services/readiness.ts';

function manifests(file: string): Record<string, unknown>[] {
  const docs = parseAllDocuments(readFileSync(`${ROOT}examples/kubernetes/${file}`, 'utf8'));
  for (const doc of docs) expect(doc.errors, file).toEqual([]);
  return docs.map((doc) => doc.toJS() as Record<string, unknown>);
}

const [deploymentJson] = manifests('deployment.yaml');
const [serviceJson] = manifests('service.yaml');
const deployment = new Deployment(deploymentJson as ConstructorParameters<typeof Deployment>[0]);
const service = new Service(serviceJson as ConstructorParameters<typeof Service>[0]);
const pod = deployment.spec!.template.spec!;
const container = pod.containers[0]!;

describe('examples/kubernetes', () => {
  it('each file is one manifest, valid against the Kubernetes API schemas', () => {
    expect(manifests('deployment.yaml')).toHaveLength(1);
    expect(manifests('service.yaml')).toHaveLength(1);
    expect(() => deployment.validate()).not.toThrow();
    expect(() => service.validate()).not.toThrow();
  });

  it('the validator refuses a manifest that breaks the schema (so the check above can fail)', () => {
    const wrongType = structuredClone(deploymentJson) as {
      spec: { template: { spec: { terminationGracePeriodSeconds: unknown } } };
    };
    wrongType.spec.template.spec.terminationGracePeriodSeconds = '20';
    expect(() => new Deployment(wrongType as ConstructorParameters<typeof Deployment>[0]).validate()).toThrow(
      /terminationGracePeriodSeconds must be integer/,
    );
    const noSelector = structuredClone(deploymentJson) as { spec: { selector?: unknown } };
    delete noSelector.spec.selector;
    expect(() => new Deployment(noSelector as ConstructorParameters<typeof Deployment>[0]).validate()).toThrow(
      /selector/,
    );
  });

  it('asks for the memory SLEEVE_CACHE_MB needs (D43), and limits it with 25% to spare', () => {
    const env = Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value]));
    // The same reading as the server's, then the plan's figure for that bound.
    const cacheMb = serveOptionsFromEnv(env).options.cacheMb;
    expect(cacheMb).toBeDefined();
    const { needMb } = memoryPlan({ cacheMb, containerBytes: undefined });
    const mi = (quantity: unknown) => Number(/^(\d+)Mi$/.exec(String(quantity))?.[1]);
    expect(mi(container.resources?.requests?.memory)).toBeGreaterThanOrEqual(needMb);
    expect(mi(container.resources?.limits?.memory)).toBeGreaterThanOrEqual(needMb * 1.25);
    // Inside that limit, Sleeve itself would find nothing to say (its start-up line).
    expect(
      memoryPlan({ cacheMb, containerBytes: mi(container.resources?.limits?.memory) * 1024 * 1024 }).warning,
    ).toBeUndefined();
  });

  it('readiness polls /readyz and liveness /livez (D55), on the port Sleeve listens on, both paths Sleeve answers', () => {
    const env = Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value]));
    const port = container.ports!.find((p) => p.name === 'http')!;
    expect(String(port.containerPort)).toBe(env.PORT);
    expect(container.readinessProbe?.httpGet).toMatchObject({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe?.httpGet).toMatchObject({ path: '/livez', port: 'http' });
    const declared = endpoints.map((e) => e.path as string);
    for (const probe of [container.readinessProbe, container.livenessProbe])
      expect(declared).toContain(probe?.httpGet?.path);
    // The readiness probe waits longer than /readyz gives the storage.
    expect(container.readinessProbe!.timeoutSeconds! * 1000).toBeGreaterThan(READY_STORAGE_MS);
  });

  it("sets a shutdown delay Sleeve accepts, and a grace period that covers the delay and the drain's bound", () => {
    const env = Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value]));
    // The same reading as the server's: a value Sleeve would refuse fails here.
    const limits = serverLimits(serveOptionsFromEnv(env).options);
    expect(limits.shutdownDelayMs).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(
      limits.shutdownDelayMs + limits.shutdownTimeoutMs,
    );
    // A probe period shorter than the delay: the endpoint is marked unready before the drain.
    expect(
      container.readinessProbe!.periodSeconds! * (container.readinessProbe!.failureThreshold ?? 3) * 1000,
    ).toBeLessThan(limits.shutdownDelayMs);
  });

  it('the Service selects the pods and sends to their named port', () => {
    expect(service.spec!.selector).toEqual(deployment.spec!.template.metadata!.labels);
    expect(deployment.spec!.selector.matchLabels).toEqual(deployment.spec!.template.metadata!.labels);
    expect(service.spec!.ports!.map((p) => p.targetPort)).toEqual(['http']);
  });
});
