// `npm run bench:bundle`: gzip size of the JavaScript the first screen (/login) needs, next to a floor app
// (React + react-dom + react-router + urql + graphql-ws, bench/bundle-floor) built in the same run with the
// same Vite. Writes .bench/bundle.json.
//
// First-screen JavaScript = the entry chunk + everything it imports statically + the chunk holding the
// /login screen (apps/web/src/features/auth/components/login-screen.tsx) and its static imports.
// Exits non-zero when /login is over the budget. Every route's own budget is checked by the build itself
// (apps/web/build/route-budgets.ts, issue 33 §3); the table is printed here too. Benches are not part of `npm test`: what keeps zod
// (the usual cause, issue 7) off the first screen in CI is apps/web/build/first-screen-imports.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { rootDir, webDir } from './web-build.mjs';

const loginScreen = path.join(webDir, 'src/features/auth/components/login-screen.tsx');
const floorDir = path.join(rootDir, 'bench/bundle-floor');

/** Builds one app into a temp folder (manifest on, the app's own config untouched); returns its chunks. */
async function buildApp(name, root, configFile) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `careline-bundle-${name.replace(/[^a-z0-9]+/gi, '-')}-`));
  const started = Date.now();
  const output = await build({
    root,
    configFile,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunks = new Map();
  for (const result of outputs) {
    for (const item of result.output) {
      if (item.type === 'chunk') {
        chunks.set(item.fileName, item);
      }
    }
  }
  console.log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s (${chunks.size} chunk${chunks.size === 1 ? "" : "s"})`);
  return { chunks, outDir };
}

/** The chunk plus, recursively, every chunk it imports statically. */
function withStaticImports(chunks, fileName, into = new Set()) {
  if (into.has(fileName)) {
    return into;
  }
  into.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) {
    withStaticImports(chunks, imported, into);
  }
  return into;
}

const gzipBytes = (code) => gzipSync(Buffer.from(code, 'utf8'), { level: 9 }).length;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Sizes of the first screen's JavaScript; loginModule picks the lazy route chunk to add. */
function firstScreen(chunks, loginModule) {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) {
    throw new Error('no entry chunk in the build');
  }
  const files = withStaticImports(chunks, entry.fileName);
  let loginChunk = null;
  if (loginModule) {
    const holder = [...chunks.values()].find((chunk) => chunk.moduleIds.includes(loginModule));
    if (!holder) {
      throw new Error(`${path.relative(rootDir, loginModule)} is in no chunk of the build`);
    }
    loginChunk = holder.fileName;
    withStaticImports(chunks, holder.fileName, files);
  }
  const parts = [...files].map((fileName) => {
    const code = chunks.get(fileName).code;
    return { file: fileName, rawBytes: Buffer.byteLength(code), gzipBytes: gzipBytes(code) };
  });
  const gzipTotal = parts.reduce((sum, part) => sum + part.gzipBytes, 0);
  const rawTotal = parts.reduce((sum, part) => sum + part.rawBytes, 0);
  return {
    entry: entry.fileName,
    loginChunk,
    loginIsLazy: loginChunk !== null && loginChunk !== entry.fileName,
    files: parts,
    gzipBytes: gzipTotal,
    rawBytes: rawTotal,
  };
}

const real = await buildApp('apps/web', webDir, path.join(webDir, 'vite.config.ts'));
const floor = await buildApp('bench/bundle-floor', floorDir, path.join(floorDir, 'vite.config.ts'));
const realScreen = firstScreen(real.chunks, loginScreen);
const floorScreen = firstScreen(floor.chunks, null);
// issue 33 §3: every route's size against its budget, as the build checked them (apps/web/build/route-budgets.ts).
const routeSizesPath = path.join(real.outDir, 'route-sizes.json');
const routes = fs.existsSync(routeSizesPath) ? JSON.parse(fs.readFileSync(routeSizesPath, 'utf8')) : {};
for (const dir of [real.outDir, floor.outDir]) {
  fs.rmSync(dir, { recursive: true, force: true });
}

// /login's budget is the build's (apps/web/vite.config.ts routeBudgets), one number for both checks.
const budgetKb = routes['/login']?.budgetKb ?? 150;
const ratio = Math.round((realScreen.gzipBytes / floorScreen.gzipBytes) * 100) / 100;
const withinBudget = realScreen.gzipBytes <= budgetKb * 1024;

console.log('\nJavaScript for the first screen (/login), gzip level 9:');
for (const part of realScreen.files) {
  console.log(`  ${part.file.padEnd(44)} ${String(kb(part.gzipBytes)).padStart(7)} KB gzip (${kb(part.rawBytes)} KB raw)`);
}
console.log(`  real app /login : ${kb(realScreen.gzipBytes)} KB gzip (${kb(realScreen.rawBytes)} KB raw, ${realScreen.files.length} files)`);
console.log(`  floor app       : ${kb(floorScreen.gzipBytes)} KB gzip (${kb(floorScreen.rawBytes)} KB raw)`);
console.log(`  ratio real/floor: ${ratio}`);
console.log(
  `  /login ${withinBudget ? 'is within' : 'is OVER'} the ${budgetKb} KB gzip budget` +
    (realScreen.loginIsLazy ? '' : ' (note: the login screen is not a lazy chunk; it sits in the entry)'),
);

console.log('\nJavaScript per route (entry + screen, gzip level 9) and its budget:');
for (const [route, size] of Object.entries(routes)) {
  console.log(`  ${route.padEnd(32)} ${String(size.gzipKb).padStart(7)} KB of ${size.budgetKb} KB`);
}

const result = {
  routes,
  measuredAt: new Date().toISOString(),
  gzipLevel: 9,
  real: { ...realScreen, gzipKb: kb(realScreen.gzipBytes) },
  floor: { ...floorScreen, gzipKb: kb(floorScreen.gzipBytes) },
  ratio,
  budgetKb,
  withinBudget,
};
fs.mkdirSync(path.join(rootDir, '.bench'), { recursive: true });
fs.writeFileSync(path.join(rootDir, '.bench/bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('\nwritten to .bench/bundle.json');
if (!withinBudget) {
  process.exitCode = 1;
}
