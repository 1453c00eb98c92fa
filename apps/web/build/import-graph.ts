import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every name a module is asked for: '*' stands for all of them (a namespace import, or code we cannot see through). */
type Names = Set<string>;

/** One source module the graph reached, and the chain of modules that reached it first. */
export type ReachedModule = { file: string; via: string[] };

/** What the static import graph of some source modules holds. */
export type ImportGraph = {
  /** Source files (absolute paths) the bundler would place with the start modules. */
  modules: Map<string, ReachedModule>;
  /** Bare packages outside the repo's sources ('zod', 'zod/mini', 'react-dom/client'), each with the chain that imports it. */
  packages: Map<string, string[]>;
};

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const sourceFile = /\.(?:[cm]?[jt]s|[jt]sx)$/;

function isBare(specifier: string): boolean {
  return !specifier.startsWith('.') && !specifier.startsWith('/');
}

/** Whether the nearest package.json of a file says "sideEffects": false. */
function sideEffectFree(file: string, cache: Map<string, boolean>): boolean {
  let dir = path.dirname(file);
  for (;;) {
    const known = cache.get(dir);
    if (known !== undefined) {
      return known;
    }
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const value = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { sideEffects?: unknown }).sideEffects === false;
      cache.set(dir, value);
      return value;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      return false;
    }
    dir = parent;
  }
}

type Edge = {
  specifier: string;
  /** Names taken from the imported module. */
  names: Names;
  /** For `export … from`: the names this module re-exports, keyed by their exported name; null for imports. */
  reexports: Map<string, string> | null;
  /** `export * from`: passes on whatever is asked of this module. */
  star: boolean;
};

/** The static imports and re-exports of a module; type-only ones and dynamic import() (lazy chunks) are left out. */
function edgesOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const names: Names = new Set();
      if (clause?.isTypeOnly) {
        continue;
      }
      if (clause?.name) {
        names.add('default');
      }
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        names.add('*');
      } else if (bindings) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) {
            names.add((element.propertyName ?? element.name).text);
          }
        }
      }
      if (clause && names.size === 0) {
        continue; // only types
      }
      edges.push({ specifier: statement.moduleSpecifier.text, names, reexports: null, star: false });
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.exportClause;
      if (!clause) {
        edges.push({ specifier, names: new Set(), reexports: null, star: true });
      } else if (ts.isNamespaceExport(clause)) {
        edges.push({ specifier, names: new Set(), reexports: new Map([[clause.name.text, '*']]), star: false });
      } else {
        const reexports = new Map<string, string>();
        for (const element of clause.elements) {
          if (!element.isTypeOnly) {
            reexports.set(element.name.text, (element.propertyName ?? element.name).text);
          }
        }
        if (reexports.size > 0) {
          edges.push({ specifier, names: new Set(), reexports, star: false });
        }
      }
    }
  }
  return edges;
}

/**
 * The static import graph of source modules, the way a bundler places code in chunks: a module that is
 * reached goes whole into the chunk (with all it imports, since any of its code may be used by another
 * screen), dynamic import() starts a lazy chunk and is not followed, and a re-export (`export … from`) in
 * a package marked "sideEffects": false is followed only for the names asked of it. Packages from
 * node_modules are recorded by their import specifier and not entered.
 * @param entries - absolute paths of the modules to start from
 */
export function staticImportGraph(entries: string[]): ImportGraph {
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, compilerOptions);
  const sideEffectsCache = new Map<string, boolean>();
  const edgesCache = new Map<string, Edge[]>();
  const modules = new Map<string, ReachedModule>();
  const packages = new Map<string, string[]>();
  const asked = new Map<string, Names>();
  const queue: { file: string; names: Names; via: string[] }[] = entries.map((file) => ({
    file,
    names: new Set(['*']),
    via: [],
  }));

  while (queue.length > 0) {
    const { file, names, via } = queue.shift() as (typeof queue)[number];
    const known = asked.get(file);
    const fresh = known === undefined;
    const before = known?.size ?? 0;
    const all = known ?? new Set<string>();
    for (const name of names) {
      all.add(name);
    }
    asked.set(file, all);
    if (!fresh && all.size === before) {
      continue;
    }
    const chain = [...via, file];
    if (fresh) {
      modules.set(file, { file, via });
    }
    const bindingAware = sideEffectFree(file, sideEffectsCache);
    const edges = edgesCache.get(file) ?? edgesOf(file);
    edgesCache.set(file, edges);
    for (const edge of edges) {
      let wanted: Names;
      if (edge.star) {
        wanted = bindingAware ? all : new Set(['*']);
      } else if (edge.reexports) {
        wanted = new Set();
        for (const [exported, local] of edge.reexports) {
          if (!bindingAware || all.has('*') || all.has(exported)) {
            wanted.add(local);
          }
        }
        if (wanted.size === 0) {
          continue;
        }
      } else {
        // A module's own imports: followed whenever the module is reached.
        if (!fresh) {
          continue;
        }
        wanted = edge.names;
      }
      const resolved = ts.resolveModuleName(edge.specifier, file, compilerOptions, ts.sys, cache).resolvedModule;
      const target = resolved?.resolvedFileName;
      if (isBare(edge.specifier) && (!target || target.includes(`${path.sep}node_modules${path.sep}`))) {
        if (!packages.has(edge.specifier)) {
          packages.set(edge.specifier, chain);
        }
        continue;
      }
      if (!target || !sourceFile.test(target) || target.endsWith('.d.ts')) {
        continue; // stylesheets, images and other assets
      }
      queue.push({ file: path.resolve(target), names: wanted, via: chain });
    }
  }
  return { modules, packages };
}
