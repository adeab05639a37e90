/**
 * Issue #26: what `/openapi.json` says of `/healthz` is what it does. Each case is a state of
 * the upstreams and the storage; its answer's status must be one the document lists with the
 * health body, the body must fit that body's schema, and that status's description must name
 * the body's `status`. Every status the document lists must be seen in some case. A new state
 * (another status, another body `status`) is one more row.
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { healthz } from '../../../core/routes/health.ts';
import type { Operation } from '../../../core/openapi/types.ts';
import { sourcesWithProbes, type ProbeBehaviour } from '../../helpers/sources.ts';
import { describedSleeve, documentedBody, documentOf, schemaValidator } from '../../helpers/openapi/document.ts';

const doc = await documentOf(describedSleeve());
const op = doc.paths['/healthz']!.get as Operation;
const validate = schemaValidator();

/** A sleeve whose music and features probes behave as told, and whose storage may be broken. */
function sleeveWith(music: ProbeBehaviour, features: ProbeBehaviour, storageDown = false) {
  const storage = createStorage();
  if (storageDown) storage.setItem = async () => Promise.reject(new Error('storage down'));
  return describedSleeve({ sources: sourcesWithProbes(music, features), storage });
}

const cases = [
  { state: 'all up', sleeve: () => sleeveWith('ok', 'ok'), status: 200, body: 'ok' },
  { state: 'the music upstream down', sleeve: () => sleeveWith('fail', 'ok'), status: 200, body: 'degraded' },
  { state: 'the features upstream down', sleeve: () => sleeveWith('ok', 'throw'), status: 200, body: 'degraded' },
  { state: 'the storage down', sleeve: () => sleeveWith('ok', 'ok', true), status: 200, body: 'degraded' },
  { state: 'both upstreams down', sleeve: () => sleeveWith('fail', 'throw'), status: 503, body: 'degraded' },
  { state: 'all down', sleeve: () => sleeveWith('fail', 'throw', true), status: 503, body: 'degraded' },
  { state: 'shutting down (D34)', sleeve: () => draining(sleeveWith('ok', 'ok')), status: 503, body: 'draining' },
];

function draining<T extends { drain(): Promise<void> }>(sleeve: T): T {
  void sleeve.drain();
  return sleeve;
}

/** The statuses the document lists with the health body rather than a D3 error. */
const answered = Object.keys(op.responses).filter(
  (status) => documentedBody(doc, op, Number(status))?.$ref === '#/components/schemas/HealthzAnswer',
);

describe('/healthz as documented', () => {
  it.each(cases)('$state: $status $body, as the document says', async ({ sleeve, status, body: expected }) => {
    const res = await sleeve().fetch(new Request('http://sleeve.test/healthz'));
    const body = await res.json();
    expect([res.status, body.status]).toEqual([status, expected]);
    expect(answered, `${res.status} is not documented with the health body`).toContain(String(res.status));
    expect(validate(documentedBody(doc, op, res.status)!, body)).toBeNull();
    expect((op.responses[String(res.status)] as { description: string }).description).toContain(`\`${body.status}\``);
  });

  it('lists only statuses some state answers, as the declaration says them', () => {
    expect(answered).toEqual([...new Set(cases.map((c) => String(c.status)))]);
    expect(answered).toEqual(Object.keys(healthz.statuses ?? {}));
  });
});
