// Hostile traffic on loopback against a sharing app, from Node's own sockets:
// a huge Content-Length on every route, a 100 MB header line, slow and idle connections,
// malformed requests and random bytes, from other loopback addresses (127.0.0.2–9, devices
// of their own). Bounded: everything stops and every socket is destroyed after `ms`.

import { randomBytes } from 'node:crypto';
import net from 'node:net';

const ROUTES = [
  'POST /api/call/report_result',
  'POST /api/call/room',
  'POST /api/join',
  'GET /',
  'PUT /api/call/set_room',
  'DELETE /nothing',
];

const MALFORMED = [
  'GARBAGE\r\n\r\n',
  'GET / HTTP/9.9\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n',
  'POST /api/call/room HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffff\r\n',
  `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n${'X-A: b\r\n'.repeat(2000)}\r\n`,
];

/** Runs the attack on 127.0.0.1:`port` for `ms`; what it saw. */
export async function attack(port, ms) {
  const until = Date.now() + ms;
  const sockets = new Set();
  let device = 0;
  const seen = { connections: 0, refusedTooLarge: 0, closedByServer: 0 };
  const going = () => Date.now() < until;

  /** A connection from another device; resolves when it closes. */
  function connect(onConnect) {
    return new Promise((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: `127.0.0.${2 + (device++ % 8)}` });
      sockets.add(socket);
      seen.connections++;
      let answer = '';
      socket.on('data', (data) => {
        if (answer.length < 64) answer += data.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        if (answer.startsWith('HTTP/1.1 413')) seen.refusedTooLarge++;
        resolve(answer);
      });
      socket.on('connect', () => onConnect(socket));
      setTimeout(() => socket.destroy(), Math.max(0, until - Date.now()));
    });
  }

  async function loop(body) {
    while (going()) {
      await body();
      await new Promise((r) => setTimeout(r, 15));
    }
  }

  const attacks = [
    loop(async () => {
      const route = ROUTES[seen.connections % ROUTES.length];
      await connect((s) => s.write(`${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n{"round":`));
    }),
    loop(async () => {
      await connect((s) => {
        s.write('GET / HTTP/1.1\r\nX-Long: ');
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const more = () => {
          while (going() && sent < 100 * 1024 * 1024 && !s.destroyed) {
            sent += chunk.length;
            if (!s.write(chunk)) return s.once('drain', more);
          }
        };
        more();
      });
    }),
    loop(async () => {
      const text = MALFORMED[seen.connections % MALFORMED.length];
      await connect((s) => s.end(text));
    }),
    loop(async () => {
      await connect((s) => s.end(randomBytes(1 + (seen.connections % 2048))));
    }),
  ];
  // Slow connections: a header byte every half second until the server closes them.
  for (let i = 0; i < 100; i++) {
    attacks.push(
      loop(async () => {
        await connect((s) => {
          s.write('POST /api/call/room HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
          const drip = setInterval(() => (s.destroyed || !going() ? clearInterval(drip) : s.write('s')), 500);
          s.on('close', () => {
            clearInterval(drip);
            if (going()) seen.closedByServer++;
          });
        });
      }),
    );
  }
  // Idle connections: connect and send nothing.
  for (let i = 0; i < 30; i++) attacks.push(loop(() => connect(() => {})));
  await Promise.all(attacks);
  for (const socket of sockets) socket.destroy();
  return seen;
}
