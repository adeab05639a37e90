/**
 * Clients that leave mid-way (issue 10, item 6, the adapters' part): bodies cut off, requests
 * dropped before their answer, event streams closed. Each is the client's doing: nothing in an
 * adapter or its server library may log a line for it.
 */
import { rawConnect, eventually, sleep } from '../../helpers/raw-http.ts';
import { UA } from '../../helpers/user-agent.ts';

/** Of each kind but streams, which core bounds per client. */
const EACH = 20;
const STREAMS = 5;

export async function disconnectMidway(port: number): Promise<void> {
  const each = EACH;
  await Promise.all([
    // A body announced and cut off.
    ...Array.from({ length: each }, async () => {
      const conn = await rawConnect(port);
      conn.write(
        `POST /batch HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"requests":[`,
      );
      await sleep(50);
      conn.destroy();
    }),
    // A chunked body cut off.
    ...Array.from({ length: each }, async () => {
      const conn = await rawConnect(port);
      conn.write(
        `POST /batch HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"req\r\n`,
      );
      await sleep(50);
      conn.destroy();
    }),
    // A request dropped before its answer.
    ...Array.from({ length: each }, async () => {
      const conn = await rawConnect(port);
      conn.write(`GET /search/all?query=love HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\n\r\n`);
      conn.destroy();
    }),
    // An event stream closed after its first message.
    ...Array.from({ length: STREAMS }, async () => {
      const conn = await rawConnect(port);
      conn.write(
        `GET /nowplaying/socket HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nAccept: text/event-stream\r\n\r\n`,
      );
      await eventually(() => conn.pending().includes('data: '));
      conn.destroy();
    }),
  ]);
  // Time for the server to notice each close.
  await sleep(300);
}
