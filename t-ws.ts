import WebSocket from 'ws';
import { connect } from 'node:net';
const mode = process.argv[2];
if (mode.includes('batch')) { const B = JSON.stringify({ requests: [{ id: 'genres', path: '/editorial/genres' }] }); const s = connect(8799, '127.0.0.1'); s.write(`POST /batch HTTP/1.1\r\nHost: x\r\nUser-Agent: a/1 (a@example.com)\r\nContent-Type: application/json\r\nContent-Length: ${B.length}\r\n\r\n${B.slice(0, 20)}`); }
if (mode.includes('raw')) { const s = connect(8799, '127.0.0.1'); s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'); }
if (mode.includes('sse')) { const res = await fetch('http://127.0.0.1:8799/nowplaying/socket', { headers: { accept: 'text/event-stream', 'user-agent': 'a/1 (a@example.com)' } }); console.log('sse', res.status); }
const ws = new WebSocket('ws://127.0.0.1:8799/nowplaying/socket', { headers: { 'user-agent': 'limits-test/1.0 (limits@example.com)' } });
ws.on('open', () => console.log('open'));
ws.on('message', (m) => console.log('msg', String(m).slice(0, 40)));
ws.on('close', (c, r) => console.log('close', c, String(r)));
setTimeout(() => process.exit(0), 2000);
