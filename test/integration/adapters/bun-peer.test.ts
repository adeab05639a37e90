/** The Bun adapter's `env`: the client's address is read from the socket only when counted (D8). */
import { describe, expect, it } from 'vitest';
import { BunPeer } from '../../../adapters/bun/peer.ts';

function server(address: string | null) {
  const asked: Request[] = [];
  return { asked, requestIP: (request: Request) => (asked.push(request), address === null ? null : { address }) };
}

describe('BunPeer', () => {
  const request = new Request('http://sleeve.test/healthz');

  it('asks Bun for the address when it is first read, once, for this request', () => {
    const srv = server('203.0.113.7');
    const peer = new BunPeer(srv, request);
    expect(srv.asked).toHaveLength(0);
    expect(peer.server).toBe(srv);
    expect(peer.clientIp).toBe('203.0.113.7');
    expect(peer.clientIp).toBe('203.0.113.7');
    expect(srv.asked).toEqual([request]);
  });

  it('gives undefined when Bun knows no address, and does not ask again', () => {
    const srv = server(null);
    const peer = new BunPeer(srv, request);
    expect(peer.clientIp).toBeUndefined();
    expect(peer.clientIp).toBeUndefined();
    expect(srv.asked).toHaveLength(1);
  });
});
