// Builds the web app when apps/web/dist is missing or older than its sources.
// Used by `npm start` and by the browser tests' global setup (run as a script: node scripts/web-build.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDir = path.join(rootDir, 'apps/web');
export const webDistIndex = path.join(webDir, 'dist/index.html');

// Everything that ends up in the bundle: the app's sources, its page and config, the shared domain rules.
const sourcePaths = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'build'),
  path.join(webDir, 'package.json'),
  path.join(rootDir, 'packages/domain/src'),
];

/** Newest modification time (ms) of a file or of any file under a folder; 0 when it does not exist. */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules') {
      continue;
    }
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Why the web app needs a build, or null when dist/ is up to date. */
export function webBuildStaleReason() {
  let builtAt;
  try {
    builtAt = fs.statSync(webDistIndex).mtimeMs;
  } catch {
    return 'apps/web/dist is missing';
  }
  for (const source of sourcePaths) {
    if (newestMtime(source) > builtAt) {
      return `${path.relative(rootDir, source)} changed since the last build`;
    }
  }
  return null;
}

/** The local vite binary (npm workspaces hoist it to the root node_modules). */
export function viteBin() {
  return path.join(rootDir, 'node_modules/.bin/vite');
}

/**
 * Builds apps/web when stale. Returns true when it built, false when dist was fresh; throws when the build fails.
 * @param {{ log?: (line: string) => void }} [options]
 */
export function ensureWebBuild(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  const reason = webBuildStaleReason();
  if (!reason) {
    return false;
  }
  log(`[careline] building the web app (${reason}) ...`);
  const started = Date.now();
  const result = spawnSync(viteBin(), ['build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
  if (result.error) {
    throw result.error;
  }
  if (result.status !== 0) {
    throw new Error(`web app build failed (vite exited with ${result.status ?? result.signal})`);
  }
  log(`[careline] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureWebBuild();
  } catch (error) {
    console.error(`[careline] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
