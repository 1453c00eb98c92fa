import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * Per-route JavaScript budgets (issue 33 §3), checked by every build of the app (npm start, the
 * browser tests' build, CI): the JavaScript a route needs (the entry, the route's screen chunk and
 * everything both import statically, gzip level 9 as `npm run bench:bundle` measures it) must stay
 * within the route's budget, or the build fails naming the route, its size and its budget.
 */

/** A route's screen module (relative to the app's root) and its budget, KB of gzip. */
export type RouteBudget = { module: string; budgetKb: number };

/** The sizes written beside the build, for `npm run bench:bundle` and anyone who asks. */
export const routeSizesFile = 'route-sizes.json';

/** What the check reads of a chunk: Rollup's output chunk has these. */
export type BudgetChunk = { fileName: string; isEntry: boolean; imports: string[]; moduleIds: string[]; code: string };

export type RouteSize = { route: string; files: string[]; gzipBytes: number; budgetKb: number };

const gzipBytes = (code: string): number => gzipSync(Buffer.from(code, 'utf8'), { level: 9 }).length;

/** Rounded to a tenth of a KB, as bench:bundle prints. */
export const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

/**
 * The JavaScript each route needs, by gzip size: the entry and the chunk holding the route's screen,
 * each with its static imports.
 * @param chunks - the build's chunks
 * @param routes - route → its screen's module (absolute path) and budget
 */
export function routeSizes(chunks: readonly BudgetChunk[], routes: Record<string, RouteBudget>): RouteSize[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (fileName: string, into: Set<string>): Set<string> => {
    if (!into.has(fileName)) {
      into.add(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) {
        withImports(imported, into);
      }
    }
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) {
    throw new Error('route budgets: no entry chunk in the build');
  }
  const sizes = new Map<string, number>();
  const sizeOf = (fileName: string): number => {
    let size = sizes.get(fileName);
    if (size === undefined) {
      size = gzipBytes(byName.get(fileName)?.code ?? '');
      sizes.set(fileName, size);
    }
    return size;
  };
  return Object.entries(routes).map(([route, { module, budgetKb }]) => {
    const holder = chunks.find((chunk) => chunk.moduleIds.includes(module));
    if (!holder) {
      throw new Error(`route budgets: ${module} (for ${route}) is in no chunk of the build`);
    }
    const files = [...withImports(holder.fileName, withImports(entry.fileName, new Set()))];
    return { route, files, gzipBytes: files.reduce((sum, file) => sum + sizeOf(file), 0), budgetKb };
  });
}

/**
 * The failure of each route over its budget, naming the route, its size and its budget.
 * @param sizes - from routeSizes
 */
export function overBudget(sizes: readonly RouteSize[]): string[] {
  return sizes
    .filter((size) => size.gzipBytes > size.budgetKb * 1024)
    .map(
      (size) =>
        `route ${size.route} needs ${kb(size.gzipBytes)} KB of JavaScript (gzip), over its budget of ${size.budgetKb} KB ` +
        `(apps/web/vite.config.ts routeBudgets; the route's files: ${size.files.join(', ')})`,
    );
}

/**
 * Checks every route's JavaScript against its budget when the app is built, and writes route-sizes.json.
 * @param routes - URL path → the screen's source module (relative to the app's root) and its budget in KB gzip
 */
export function routeBudgets(routes: Record<string, RouteBudget>): Plugin {
  let root = '';
  return {
    name: 'careline:route-budgets',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const absolute = Object.fromEntries(
        Object.entries(routes).map(([route, budget]) => [route, { ...budget, module: path.resolve(root, budget.module) }]),
      );
      const sizes = routeSizes(chunks, absolute);
      this.emitFile({
        type: 'asset',
        fileName: routeSizesFile,
        source: `${JSON.stringify(
          Object.fromEntries(sizes.map((size) => [size.route, { gzipKb: kb(size.gzipBytes), budgetKb: size.budgetKb }])),
          null,
          2,
        )}\n`,
      });
      const failures = overBudget(sizes);
      if (failures.length > 0) {
        this.error(`JavaScript over budget:\n  ${failures.join('\n  ')}`);
      }
    },
  };
}
