// `npm start`: builds the web app if needed, then runs the server (tsx, no build step for the server).
// NODE_ENV stays as the caller set it; unset means development semantics, so the demo's SMS outbox
// (/dev/sms-outbox) is there for signing in.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, rootDir } from './web-build.mjs';

try {
  ensureWebBuild();
} catch (error) {
  console.error(`[careline] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const tsx = path.join(rootDir, 'node_modules/.bin/tsx');
const server = spawn(tsx, [path.join(rootDir, 'apps/server/src/main.ts')], {
  cwd: rootDir,
  stdio: 'inherit',
  env: process.env,
});

// Forward Ctrl-C / SIGTERM so the server finishes requests in flight and closes the database.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) {
      server.kill(signal);
    }
  });
}

server.on('error', (error) => {
  console.error(`[careline] could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
