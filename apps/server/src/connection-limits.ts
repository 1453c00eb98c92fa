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
