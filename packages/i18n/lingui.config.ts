import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { catalogueSets, poFormatOptions } from './src/catalogue-sets.ts';
import { locales, sourceLocale } from './src/locales.ts';

// Read by @lingui/vite-plugin (apps/web, apps/staff and the root vitest.config.ts pass this file's path):
// it compiles a catalogue's PO file when a module imports it. Nothing compiled is written or committed.
export default {
  locales: [...locales],
  sourceLocale,
  catalogs: catalogueSets.map(({ dir }) => ({ path: `<rootDir>/src/${dir}/{locale}`, include: [] })),
  format: formatter(poFormatOptions),
} satisfies LinguiConfig;
