import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import type { CatalogueDir } from './catalogue-sets.ts';
import type { Locale } from './locales.ts';

// Node only: the server (server.ts), the catalogue tests and `npm run i18n:ids` read the PO files
// themselves; the apps import them through @lingui/vite-plugin. The parser is pofile, the one
// @lingui/format-po uses, without format-po itself: its date library alone takes a few hundred
// milliseconds to load, at every server start, for writing PO headers the server never writes.
const srcDir = path.dirname(fileURLToPath(import.meta.url));

// @lingui/format-po's mark of an entry whose msgid is a source text rather than an id (poFormatOptions).
const generatedIdFlag = 'js-lingui-generated-id';

/**
 * The path of a catalogue's PO file.
 * @param dir - the catalogue's folder under src/
 * @param locale - its language
 */
export function catalogueFile(dir: CatalogueDir, locale: Locale): string {
  return path.join(srcDir, dir, `${locale}.po`);
}

/**
 * A catalogue's texts as Lingui reads its PO file: message id → ICU MessageFormat text, in the file's order.
 * @param dir - the catalogue's folder under src/
 * @param locale - its language
 */
export function readCatalogue(dir: CatalogueDir, locale: Locale): Record<string, string> {
  const file = catalogueFile(dir, locale);
  const catalogue: Record<string, string> = {};
  for (const item of PO.parse(fs.readFileSync(file, 'utf8')).items) {
    // As Lingui reads it (explicitIdAsDefault): msgid is the id, msgstr[0] the text.
    if (item.extractedComments.includes(generatedIdFlag) || typeof item.msgctxt === 'string') {
      throw new Error(`${file}: ${item.msgid} is not an id and text (no context, no generated id)`);
    }
    catalogue[item.msgid] = item.msgstr[0] ?? '';
  }
  return catalogue;
}

/**
 * Compiles each ICU message of a catalogue for the Lingui runtime (throws on a syntax error, naming the id).
 * @param catalogue - message id → ICU MessageFormat text
 */
export function compileCatalogue(catalogue: Record<string, string>): Messages {
  const compiled: Messages = {};
  for (const [id, text] of Object.entries(catalogue)) {
    try {
      compiled[id] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`${id}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  return compiled;
}

/**
 * The order catalogue's texts in a language, as the app loads them (orders/messages-<locale>.ts): its
 * four parts' PO files merged.
 * @param locale - the language
 */
export function readOrdersCatalogue(locale: Locale): Record<string, string> {
  return {
    ...readCatalogue('orders/create', locale),
    ...readCatalogue('orders/view', locale),
    ...readCatalogue('orders/lists', locale),
    ...readCatalogue('orders/payment', locale),
  };
}
