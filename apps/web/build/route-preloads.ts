import path from 'node:path';
import type { Plugin } from 'vite';

/** What a first screen needs beyond the entry: its lazy chunks and their stylesheets, as URL paths. */
export type RoutePreload = { scripts: string[]; styles: string[] };

/** The file the server reads (apps/server/src/web-app.ts) to preload a route's screen with the page. */
export const routePreloadsFile = 'route-preloads.json';

type ChunkLike = { type: 'chunk'; fileName: string; isEntry: boolean; imports: string[]; moduleIds: string[]; viteMetadata?: { importedCss: Set<string> } };

/**
 * Writes route-preloads.json: for each first-screen route, the lazy chunk holding its screen (and the
 * chunks it imports that the entry does not) and their CSS. The server lists them as modulepreload and
 * stylesheet links in index.html, so the screen downloads alongside the entry instead of after it, and
 * React renders it without showing the loading fallback first.
 * @param routes - URL path (matched as itself or a prefix followed by '/') → the screen's source module
 */
export function routePreloads(routes: Record<string, string>): Plugin {
  let root = '';
  return {
    name: 'careline:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') {
          chunks.set(item.fileName, item);
        }
      }
      const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
        if (!into.has(fileName)) {
          into.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) {
            withImports(imported, into);
          }
        }
        return into;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) {
        this.error('route-preloads: no entry chunk');
      }
      const loadedByEntry = withImports(entry.fileName);
      const preloads: Record<string, RoutePreload> = {};
      for (const [route, module] of Object.entries(routes)) {
        const moduleId = path.resolve(root, module);
        const holder = [...chunks.values()].find((chunk) => chunk.moduleIds.includes(moduleId));
        if (!holder) {
          this.error(`route-preloads: ${module} (for ${route}) is in no chunk`);
        }
        const files = [...withImports(holder.fileName)].filter((file) => !loadedByEntry.has(file));
        const styles = files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
        // A chunk of stylesheets alone is in the bundle here, but Vite drops it after this hook (its CSS is
        // in `styles`): preloading it would ask for a file that is not there (issue 33 §1, /doctor).
        const pureCss = (file: string) => {
          const ids = chunks.get(file)?.moduleIds ?? [];
          return ids.length > 0 && ids.every((id) => /\.css(\?|$)/.test(id));
        };
        preloads[route] = {
          scripts: files.filter((file) => !pureCss(file)).map((file) => `/${file}`),
          styles: [...new Set(styles)].map((file) => `/${file}`),
        };
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
