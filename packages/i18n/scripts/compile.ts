// `npm run i18n:compile`: writes src/compiled/<locale>.ts from src/catalogues/<locale>.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { en } from '../src/catalogues/en.ts';
import { si } from '../src/catalogues/si.ts';
import { ta } from '../src/catalogues/ta.ts';
import { compileCatalogue, compiledModuleSource } from '../src/compile.ts';
import type { Locale } from '../src/locales.ts';

const compiledDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/compiled');
const catalogues: Record<Locale, Record<string, string>> = { en, si, ta };

fs.mkdirSync(compiledDir, { recursive: true });
for (const [locale, catalogue] of Object.entries(catalogues) as [
  Locale,
  Record<string, string>,
][]) {
  const file = path.join(compiledDir, `${locale}.ts`);
  fs.writeFileSync(file, compiledModuleSource(locale, compileCatalogue(catalogue)));
  console.log(
    `wrote ${path.relative(process.cwd(), file)} (${Object.keys(catalogue).length} messages)`,
  );
}
