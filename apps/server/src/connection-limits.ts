import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Refuses TCP connections over a cap per client address as soon as they are accepted (issue 6 §1:
 * thousands of idle or trickling sockets from one address must not starve everyone else).
 * Websockets count too: they start as HTTP connections.
 * @param server - the Node HTTP server Fastify listens with
 * @param maxPerAddress - most open connections one peer address may hold
 */
export function capConnectionsPerAddress(server: Server, maxPerAddress: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) {
        open.delete(address);
      } else {
        open.set(address, left);
      }
    });
  });
}

/**
 * Closes a connection that sends nothing within the header timeout. Node's own header timeout only
 * starts with a request's first byte, so a silent socket would otherwise stay open for good.
 * The socket's byte count is read when the time is up: a 'data' listener on it (as this once had)
 * takes the socket from Node's native HTTP parser for good, and every request on it was then read
 * through JavaScript streams, a sixth of the server's time on a trivial query (issue 33 §5, bench:graphql).
 * @param server - the Node HTTP server Fastify listens with
 * @param timeoutMs - how long a new connection may stay silent (HTTP_HEADERS_TIMEOUT_MS)
 */
export function closeSilentConnections(server: Server, timeoutMs: number): void {
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      // A byte came: the request it began is Node's header and request timeouts' from then on.
      if (socket.bytesRead === 0) {
        socket.destroy();
      }
    }, timeoutMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
