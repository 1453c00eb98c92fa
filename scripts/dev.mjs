// `npm run dev`: the server under `tsx watch` on :3000, Vite's dev server (hot reload) on :5173 for the
// patient app and on :5174 for the staff console (at /staff/), both proxying the API to the server. All
// stop together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rootDir, staffDir, webDir } from './web-build.mjs';

const bin = (name) => path.join(rootDir, 'node_modules/.bin', name);
const tracingPreload = pathToFileURL(path.join(rootDir, 'apps/server/src/tracing/preload.ts')).href;

const children = [
  {
    name: 'server',
    // The tracing preload as `npm start` has it (OpenTelemetry only when OTEL_EXPORTER_OTLP_ENDPOINT is set).
    process: spawn(bin('tsx'), ['watch', '--clear-screen=false', '--import', tracingPreload, path.join(rootDir, 'apps/server/src/main.ts')], {
      cwd: rootDir,
      stdio: 'inherit',
      env: { ...process.env, PORT: process.env.PORT ?? '3000' },
    }),
  },
  {
    name: 'web',
    process: spawn(bin('vite'), ['--port', '5173', '--strictPort'], { cwd: webDir, stdio: 'inherit', env: process.env }),
  },
  {
    name: 'staff',
    process: spawn(bin('vite'), ['--port', '5174', '--strictPort'], { cwd: staffDir, stdio: 'inherit', env: process.env }),
  },
];

console.log(
  '[careline] dev: server on http://localhost:3000, app with hot reload on http://localhost:5173, staff console on http://localhost:5174/staff/',
);

let stopping = false;
function stopAll(signal, exitCode) {
  if (stopping) {
    return;
  }
  stopping = true;
  for (const child of children) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill(signal);
    }
  }
  // Give both a moment to close cleanly, then make sure nothing is left behind.
  const force = setTimeout(() => {
    for (const child of children) {
      if (child.process.exitCode === null && child.process.signalCode === null) {
        child.process.kill('SIGKILL');
      }
    }
    process.exit(exitCode);
  }, 10_000);
  force.unref();
  let left = children.length;
  for (const child of children) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      left -= 1;
      continue;
    }
    child.process.once('exit', () => {
      left -= 1;
      if (left === 0) {
        process.exit(exitCode);
      }
    });
  }
  if (left === 0) {
    process.exit(exitCode);
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal, 0));
}
for (const child of children) {
  child.process.on('error', (error) => {
    console.error(`[careline] ${child.name} could not start: ${error.message}`);
    stopAll('SIGTERM', 1);
  });
  child.process.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[careline] ${child.name} stopped (${code ?? signal}); stopping the other one too`);
      stopAll('SIGTERM', code ?? 1);
    }
  });
}
