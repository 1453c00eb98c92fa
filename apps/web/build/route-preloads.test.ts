import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads.ts';

type Hook = (this: unknown, ...args: unknown[]) => void;

describe('routePreloads', () => {
  it("lists a screen's chunks and stylesheets, but no chunk of stylesheets alone (Vite drops those)", () => {
    const plugin = routePreloads({ '/doctor': 'src/doctor.tsx' });
    (plugin.configResolved as Hook)({ root: '/app' });
    const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
      type: 'chunk',
      fileName,
      isEntry: fileName === 'index.js',
      imports,
      moduleIds,
      viteMetadata: { importedCss: new Set(css) },
    });
    const bundle = {
      'index.js': chunk('index.js', ['/app/src/main.tsx']),
      'doctor.js': chunk('doctor.js', ['/app/src/doctor.tsx'], ['styles.js'], ['doctor.css']),
      'styles.js': chunk('styles.js', ['/app/src/doctor.css'], [], ['styles.css']),
    };
    const emitted: { source: string }[] = [];
    const context = { emitFile: (file: { source: string }) => emitted.push(file), error: (message: string) => { throw new Error(message); } };
    (plugin.generateBundle as Hook).call(context, {}, bundle);
    expect(JSON.parse(emitted[0]?.source ?? '{}')).toEqual({
      '/doctor': { scripts: ['/doctor.js'], styles: ['/doctor.css', '/styles.css'] },
    });
  });
});
