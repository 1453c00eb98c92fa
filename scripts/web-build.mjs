// Builds the web apps (the patient app in apps/web, the staff console in apps/staff) when their dist/ is
// missing or older than their sources. Used by `npm start` and by the browser tests' global setup (run as
// a script: node scripts/web-build.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDir = path.join(rootDir, 'apps/web');
export const webDistIndex = path.join(webDir, 'dist/index.html');
export const staffDir = path.join(rootDir, 'apps/staff');

// Everything that ends up in a bundle: the app's sources, its page and config, the shared packages.
const sharedSources = [
  ...['domain', 'ui', 'i18n', 'contract'].map((name) => path.join(rootDir, 'packages', name, 'src')),
  // The catalogue list the Lingui plugin reads sits beside packages/i18n/src, not in it.
  path.join(rootDir, 'packages/i18n/lingui.config.ts'),
];
const appSources = (dir) => [
  path.join(dir, 'src'),
  path.join(dir, 'public'),
  path.join(dir, 'index.html'),
  path.join(dir, 'vite.config.ts'),
  path.join(dir, 'build'),
  path.join(dir, 'package.json'),
  ...sharedSources,
];

/** The apps `npm start` serves, each built on its own. */
export const webApps = [
  { name: 'web app', dir: webDir, distIndex: webDistIndex },
  { name: 'staff console', dir: staffDir, distIndex: path.join(staffDir, 'dist/index.html') },
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

/**
 * Why an app needs a build, or null when its dist/ is up to date.
 * @param {{ dir: string, distIndex: string }} [target] - the app (default: the patient app)
 */
export function webBuildStaleReason(target = webApps[0]) {
  let builtAt;
  try {
    builtAt = fs.statSync(target.distIndex).mtimeMs;
  } catch {
    return `${path.relative(rootDir, path.dirname(target.distIndex))} is missing`;
  }
  for (const source of appSources(target.dir)) {
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
 * Builds each web app (patient app, staff console) that is stale. Returns true when it built one, false
 * when all were fresh; throws when a build fails.
 * @param {{ log?: (line: string) => void }} [options]
 */
export function ensureWebBuild(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  let built = false;
  for (const target of webApps) {
    const reason = webBuildStaleReason(target);
    if (!reason) {
      continue;
    }
    log(`[careline] building the ${target.name} (${reason}) ...`);
    const started = Date.now();
    const result = spawnSync(viteBin(), ['build', '--logLevel', 'warn'], { cwd: target.dir, stdio: 'inherit' });
    if (result.error) {
      throw result.error;
    }
    if (result.status !== 0) {
      throw new Error(`${target.name} build failed (vite exited with ${result.status ?? result.signal})`);
    }
    log(`[careline] ${target.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    built = true;
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureWebBuild();
  } catch (error) {
    console.error(`[careline] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
