/**
 * @module
 * One WebSocket handshake with the `ws` client, reporting how it ended: opened (with the first
 * message), or refused (status, headers and whatever body the runtime sent with the refusal).
 */
import WebSocket from 'ws';
import { UA } from './client.ts';

export type Handshake =
  | { opened: true; first: any; socket: WebSocket }
  | { opened: false; status: number; headers: Record<string, string | string[] | undefined>; body: string };

export function handshake(url: string, headers: Record<string, string> = { 'user-agent': UA }): Promise<Handshake> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers });
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => resolve({ opened: true, first: JSON.parse(String(data)), socket }));
    socket.once('unexpected-response', (_request, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ opened: false, status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', () => resolve({ opened: false, status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    socket.once('error', reject);
  });
}

/** Closes an opened handshake and waits until the server has seen it go. */
export async function hangUp(result: Handshake): Promise<void> {
  if (!result.opened) return;
  await new Promise<void>((resolve) => {
    result.socket.once('close', () => resolve());
    result.socket.close();
  });
}
