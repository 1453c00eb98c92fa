import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/*
 * The online backup of the embedded database (issue 31 §4.13). PGlite runs inside the server's process
 * and one process owns DATA_DIR (db/data-dir-lock.ts), so a backup while the server runs must be taken
 * by the server itself: it answers `POST /backup` on a Unix socket in DATA_DIR with its data directory
 * dumped between transactions (Database.dumpDataDir). The socket is the server's only door for it: no
 * network port and no new secret; who may read DATA_DIR (and so copy the database anyway) may connect,
 * nobody else (mode 0600).
 */

/** The socket's file name in DATA_DIR. */
export const ONLINE_BACKUP_SOCKET = 'backup.sock';

// sockaddr_un holds 108 bytes with the terminating NUL on Linux.
const MAX_SOCKET_PATH = 107;

export type OnlineBackupServer = { socketPath: string; close: () => Promise<void> };

/**
 * Serves online backups of the embedded database on DATA_DIR/backup.sock; null (with a warning) when
 * the path is too long for a Unix socket, so only the stop-copy backup is left.
 * @param dataDir - DATA_DIR, locked by this process
 * @param dump - the database's dumpDataDir
 * @param log - for the warning and each backup taken
 */
export async function serveOnlineBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): Promise<OnlineBackupServer | null> {
  const socketPath = path.join(dataDir, ONLINE_BACKUP_SOCKET);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn({ socketPath }, 'DATA_DIR is too long a path for the online backup socket: npm run backup needs the server stopped');
    return null;
  }
  // This process holds DATA_DIR's lock: a socket file left there is from a process that was killed.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('POST /backup\n');
      return;
    }
    const started = new Date();
    dump()
      .then(async (blob) => {
        const body = Buffer.from(await blob.arrayBuffer());
        response
          .writeHead(200, {
            'content-type': 'application/gzip',
            'content-length': String(body.length),
            'x-careline-taken-at': started.toISOString(),
          })
          .end(body);
        log.info({ bytes: body.length }, 'online backup taken');
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'online backup failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error instanceof Error ? error.message : String(error)}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    socketPath,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/**
 * Asks the server that holds DATA_DIR for an online backup.
 * @param dataDir - DATA_DIR
 * @returns the gzipped tar of the data directory
 */
export function requestOnlineBackup(dataDir: string): Promise<Buffer> {
  const socketPath = path.join(dataDir, ONLINE_BACKUP_SOCKET);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: '/backup' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) {
          resolve(body);
        } else {
          reject(new Error(`The server refused the online backup (${response.statusCode ?? '?'}): ${body.toString('utf8').trim()}`));
        }
      });
    });
    request.on('error', reject);
    request.end();
  });
}
