/// <reference types="./po-modules.d.ts" />
import type { I18n } from '@lingui/core';
import { messages as english } from './catalogues/en.po';
import { englishPrecedence, type MessageId } from './catalogues/message-ids.ts';

/** A compiled message: literal text, and [name, …] for a placeholder or plural. */
type CompiledMessage = (string | [string, ...unknown[]])[];

/** A server error split into its catalogue code and the English text after the colon (spec doc 1 §8). */
const codePattern = /^([A-Z]+-[A-Z]?\d+):([\s\S]*)$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A template's {placeholder} names and the pattern that reads their values out of a text. */
type TemplateMatcher = { names: string[]; pattern: RegExp };

const matchers = new WeakMap<CompiledMessage, TemplateMatcher>();

function matcherOf(template: CompiledMessage): TemplateMatcher {
  let matcher = matchers.get(template);
  if (!matcher) {
    const names: string[] = [];
    let source = '';
    for (const token of template) {
      if (typeof token === 'string') {
        source += escapeRegExp(token);
      } else {
        names.push(token[0]);
        source += '([\\s\\S]*?)';
      }
    }
    matcher = { names, pattern: new RegExp(`^${source}$`) };
    matchers.set(template, matcher);
  }
  return matcher;
}

/**
 * The {placeholder} values inside a server's English text, read back against the English template:
 * 'Contact Lanka Hospitals for…' against 'Contact {hospital} for…' gives { hospital: 'Lanka Hospitals' }.
 * Null when the text does not have the template's shape. Each template's pattern is compiled once.
 */
function valuesOf(template: CompiledMessage, text: string): Record<string, string> | null {
  const { names, pattern } = matcherOf(template);
  const match = pattern.exec(text);
  if (!match) {
    return null;
  }
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
}

/**
 * The text to show for a server's 'CODE:message' error in the active language. The server keeps English
 * on the wire; a known code is shown from the catalogue with the values the English text carried.
 * Returns null for a message that is not a 'CODE:message' string; the server's own text for a code the
 * catalogue does not know.
 * @param i18n - the Lingui instance, with the user's language active
 * @param raw - the error message as received, e.g. 'ARO-E1015:Invalid verification code'
 * @param mapValue - rewrites a placeholder's value, e.g. to show an ISO time in the user's own words
 */
export function translateServerError(
  i18n: I18n,
  raw: string,
  mapValue?: (name: string, value: string) => string,
): string | null {
  const match = codePattern.exec(raw);
  if (!match) {
    return null;
  }
  const code = match[1] ?? '';
  const text = match[2] ?? '';
  const id = `error.${code}`;
  const template = english[id];
  if (!Array.isArray(template)) {
    return text;
  }
  const values = valuesOf(template, text);
  if (!values) {
    return text;
  }
  const mapped = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, mapValue ? mapValue(name, value) : value]),
  );
  return i18n._(id, mapped);
}

/** A server error code the shared catalogue holds a text for ('ARO-E3001' for the id error.ARO-E3001). */
export type CatalogueErrorCode = MessageId extends infer Id ? (Id extends `error.${infer Code}` ? Code : never) : never;

/**
 * A catalogue error in its wire form 'CODE:message', English, as packages/domain's errorString writes it:
 * the text comes from the shared English catalogue, which every screen has already loaded, so a screen
 * that makes a local error does not ship the domain's copy of every error text as well (issue 33 §3).
 * @param code - the catalogue code, e.g. 'ARO-E3001'
 * @param vars - values for {placeholders}; a placeholder without one stays as '{name}'
 */
export function englishErrorString(code: CatalogueErrorCode, vars: Record<string, string> = {}): string {
  const template = english[`error.${code}`] as CompiledMessage | undefined;
  const text = (template ?? [])
    .map((token) => (typeof token === 'string' ? token : (vars[token[0]] ?? `{${token[0]}}`)))
    .join('');
  return `${code}:${text}`;
}

// English text → key, for texts without placeholders; templates for the rest (built once).
let literalKeys: Map<string, string> | null = null;

/** A template with its fixed head and tail: a text that lacks either cannot have its shape. */
type TemplateEntry = {
  key: string;
  template: CompiledMessage;
  head: string;
  tail: string;
  literalLength: number;
};
let templateKeys: TemplateEntry[] | null = null;

function indexEnglish(): void {
  literalKeys = new Map();
  templateKeys = [];
  for (const [key, message] of Object.entries(english)) {
    const tokens = message as CompiledMessage;
    if (tokens.every((token) => typeof token === 'string')) {
      literalKeys.set(tokens.join(''), key);
    }
  }
  // The compiled catalogue's keys are sorted; en.po's order decides, as before: of the ids sharing a
  // literal text the last one holds it, and templates are tried in order (message-ids-source.ts).
  for (const key of englishPrecedence) {
    const tokens = english[key] as CompiledMessage | undefined;
    if (!tokens) {
      continue;
    }
    if (tokens.every((token) => typeof token === 'string')) {
      literalKeys.set(tokens.join(''), key);
    } else if (tokens.every((token) => typeof token === 'string' || token.length === 1)) {
      const first = tokens[0];
      const last = tokens[tokens.length - 1];
      templateKeys.push({
        key,
        template: tokens,
        head: typeof first === 'string' ? first : '',
        tail: tokens.length > 1 && typeof last === 'string' ? last : '',
        literalLength: tokens.reduce(
          (sum, token) => sum + (typeof token === 'string' ? token.length : 0),
          0,
        ),
      });
    }
  }
}

/** What a text was found to be: a template's key with its values, or null for a text of no template. */
type TemplateMatch = { key: string; values: Record<string, string> } | null;

// Screens ask again for the same texts on every render (a chat's messages): each text is matched once.
const matchedTexts = new Map<string, TemplateMatch>();
const matchedTextsLimit = 500;

function templateMatch(text: string): TemplateMatch {
  const known = matchedTexts.get(text);
  if (known !== undefined) {
    return known;
  }
  let found: TemplateMatch = null;
  // Catalogue order decides between templates that fit, as before; the head, tail and length tests
  // only skip templates whose pattern could not match, so most texts compile and run no pattern.
  for (const entry of templateKeys ?? []) {
    if (
      text.length < entry.literalLength ||
      !text.startsWith(entry.head) ||
      !text.endsWith(entry.tail)
    ) {
      continue;
    }
    const values = valuesOf(entry.template, text);
    if (values) {
      found = { key: entry.key, values };
      break;
    }
  }
  if (matchedTexts.size >= matchedTextsLimit) {
    matchedTexts.clear();
  }
  matchedTexts.set(text, found);
  return found;
}

/**
 * A text some rule produced in English (a spec text from packages/domain, or a server error's text
 * without its code), shown in the active language when the source catalogue holds it; else unchanged.
 * @param i18n - the Lingui instance, with the user's language active
 * @param text - the English text
 */
export function translateText(i18n: I18n, text: string): string {
  if (!literalKeys || !templateKeys) {
    indexEnglish();
  }
  const key = literalKeys?.get(text);
  if (key !== undefined) {
    return i18n._(key);
  }
  const match = templateMatch(text);
  return match ? i18n._(match.key, { ...match.values }) : text;
}
