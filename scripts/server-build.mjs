// Builds the server (apps/server/src, with the shared packages it imports) to JavaScript in
// apps/server/dist, when the output is missing or older than its sources. Used by `npm run build`,
// `npm start` and the browser tests' global setup; run as a script it builds (node scripts/server-build.mjs).
//
// One esbuild bundle per entry point: the server's own code and the workspace packages (@careline/*,
// TypeScript sources) are bundled; every other package stays an import from node_modules. The sources
// find files beside them at run time (migrations, PO catalogues, fonts, the web apps' dist/) through
// `import.meta.url`; in the bundle each of those reads the source file's own address, relative to the
// bundle, so the built server reads the same files as `tsx` does and a copied tree keeps working.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = path.join(rootDir, 'apps/server');
export const serverDistDir = path.join(serverDir, 'dist');
/** The built server `npm start` runs. */
export const serverDistMain = path.join(serverDistDir, 'main.js');
/**
 * The tracing preload `npm start` runs the server with (`node --import`): it starts OpenTelemetry when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set and loads nothing of it otherwise (apps/server/src/tracing/preload.ts).
 */
export const serverDistTracing = path.join(serverDistDir, 'tracing.js');

const entryPoints = {
  main: path.join(serverDir, 'src/main.ts'),
  tracing: path.join(serverDir, 'src/tracing/preload.ts'),
  'staff-create-admin': path.join(serverDir, 'src/scripts/staff-create-admin.ts'),
  seed: path.join(serverDir, 'src/scripts/seed.ts'),
  backup: path.join(serverDir, 'src/scripts/backup.ts'),
  restore: path.join(serverDir, 'src/scripts/restore.ts'),
};

// What ends up in the bundle: the server's sources and the shared packages' (the PO files and
// migrations are read at run time, so they need no rebuild).
const sources = [
  path.join(serverDir, 'src'),
  path.join(serverDir, 'package.json'),
  ...['domain', 'i18n', 'contract'].map((name) => path.join(rootDir, 'packages', name, 'src')),
  path.join(rootDir, 'scripts/server-build.mjs'),
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
    if (entry !== 'node_modules') {
      newest = Math.max(newest, newestMtime(path.join(target, entry)));
    }
  }
  return newest;
}

/** Why the server needs a build, or null when apps/server/dist is up to date. */
export function serverBuildStaleReason() {
  let builtAt;
  try {
    builtAt = Math.min(...Object.keys(entryPoints).map((name) => fs.statSync(path.join(serverDistDir, `${name}.js`)).mtimeMs));
  } catch {
    return 'apps/server/dist is missing';
  }
  const changed = sources.find((source) => newestMtime(source) > builtAt);
  return changed === undefined ? null : `${path.relative(rootDir, changed)} changed since the last build`;
}

// Bare imports stay imports, but the workspace's own packages, which are TypeScript sources.
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@careline/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

// `import.meta.url` of a bundled source file becomes that file's address relative to the bundle.
const sourceAddresses = {
  name: 'source-addresses',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) {
        return undefined;
      }
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) {
        return undefined;
      }
      const relative = path.relative(serverDistDir, args.path).split(path.sep).join('/');
      const address = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      const extension = path.extname(args.path).slice(1);
      return {
        contents: text.replaceAll('import.meta.url', address),
        loader: extension === 'tsx' ? 'tsx' : extension === 'mts' || extension === 'ts' ? 'ts' : 'js',
      };
    });
  },
};

/** Builds the server into apps/server/dist. */
export async function buildServer() {
  fs.rmSync(serverDistDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints,
    outdir: serverDistDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // Names stay as written: Pothos, pino and the error catalogue print them.
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceAddresses],
  });
}

/** Builds the server when its dist/ is missing or stale; says why. */
export async function ensureServerBuild() {
  const reason = serverBuildStaleReason();
  if (reason === null) {
    return;
  }
  console.log(`[careline] building the server (${reason})`);
  await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildServer();
    console.log(`[careline] server built: ${path.relative(rootDir, serverDistDir)}`);
  } catch (error) {
    console.error(`[careline] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
