/**
 * Holds many slow sockets open against a server, in a process of its own so that its timers
 * never delay the `/healthz` latency the test measures. Run as
 * `tsx test/reliability/_holder.ts <port> <count> <lifetimeMs>`; prints `ready <open>` once
 * every socket is connected, `status <open> <closedByServer>` when asked with a `status` line
 * on stdin, and exits on `close` or, at the latest, after `lifetimeMs` (it is always bounded).
 * `sample <n> <everyMs>` times `n` requests `GET /healthz` on fresh connections, one every
 * `everyMs`, and prints `samples <status>:<ms>,...`: measured here, away from the test
 * runner's own event loop (its reporter, its collector), so a late answer is the server's.
 *
 * The sockets, in turn: idle (connected, nothing sent); a request head trickled one byte per
 * tick; a POST whose declared body is trickled one byte per tick; and a keep-alive connection
 * left idle after one answered request. A socket the server closes (its idle or header
 * timeout, as it should) is opened again 0.1 to 1 s later, as an attacker would: the count
 * stays at its number for the whole hold.
 */
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';

const [port = '0', count = '0', lifetime = '30000'] = process.argv.slice(2);
const TICK_MS = 500;
const sockets: Socket[] = [];
const trickles: { socket: Socket; bytes: Buffer; at: number }[] = [];
let closedByServer = 0;
let connected = 0;
let exiting = false;

const exit = () => {
  exiting = true;
  for (const socket of sockets) socket.destroy();
  process.exit(0);
};
setTimeout(exit, Number(lifetime)).unref();

function open(kind: number, index = kind): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    sockets.push(socket);
    let counted = false;
    const settle = () => {
      if (!counted) {
        counted = true;
        resolve();
      }
    };
    socket.on('error', () => settle());
    socket.on('close', () => {
      if (exiting) return;
      closedByServer++;
      settle();
      // Opened again, once the first wave is in (bounded by the holder's lifetime).
      // Spread over a second (by the socket's number, so runs repeat): the population stays at
      // its number without turning the server's own timeout into a synchronised connect storm.
      if (connected >= Number(count)) setTimeout(() => void (!exiting && open(kind, index)), 100 + (index % 10) * 100);
    });
    // The keep-alive kind counts as ready once its one request is answered: then it idles.
    socket.on('data', () => settle());
    socket.once('connect', () => {
      connected++;
      if (kind === 1)
        trickles.push({
          socket,
          bytes: Buffer.from(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'x'.repeat(4000)}`),
          at: 0,
        });
      if (kind === 2) {
        socket.write(
          'POST /batch HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: Slow/1.0 (slow@example.com)\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n',
        );
        trickles.push({ socket, bytes: Buffer.from('x'.repeat(4000)), at: 0 });
      }
      if (kind === 3)
        return void socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      settle();
    });
  });
}

// Connect in waves of 100, so the listen backlog is never what refuses.
for (let i = 0; i < Number(count); i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, Number(count) - i) }, (_, j) => open((i + j) % 4, i + j)));
}
// Let the server finish with the connection burst: what is measured is the holding, not the opening.
await new Promise((resolve) => setTimeout(resolve, 500));
console.log(`ready ${connected}`);

// One timer for all trickles: a byte per socket per tick.
setInterval(() => {
  for (const t of trickles) {
    if (t.socket.destroyed || t.at >= t.bytes.length) continue;
    t.socket.write(t.bytes.subarray(t.at, t.at + 1));
    t.at++;
  }
}, TICK_MS).unref();

/** One GET /healthz on a new connection: `<status>:<ms>` (status 0 when no whole answer within 5 s). */
function sampleOnce(): Promise<string> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    let data = '';
    const done = (status: number) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(`${status}:${(performance.now() - started).toFixed(1)}`);
    };
    const timer = setTimeout(() => done(0), 5_000);
    socket.on('error', () => done(0));
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(data.slice(0, end))?.[1] ?? NaN);
      if (Number.isFinite(length) && data.length - end - 4 < length) return;
      done(Number(/^HTTP\/1\.\d (\d{3})/.exec(data)?.[1] ?? 0));
    });
    socket.once('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
  });
}

createInterface({ input: process.stdin }).on('line', async (line) => {
  const sample = /^sample (\d+) (\d+)$/.exec(line.trim());
  if (sample) {
    const out: string[] = [];
    for (let i = 0; i < Number(sample[1]); i++) {
      out.push(await sampleOnce());
      await new Promise((resolve) => setTimeout(resolve, Number(sample[2])));
    }
    console.log(`samples ${out.join(',')}`);
  }
  if (line.trim() === 'status') console.log(`status ${sockets.filter((s) => !s.destroyed).length} ${closedByServer}`);
  if (line.trim() === 'close') exit();
});
// Keep the process alive until `close` or the lifetime.
setInterval(() => {}, 1_000);
