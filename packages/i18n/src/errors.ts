import type { I18n } from '@lingui/core';
import type { MessageId } from './catalogues/en.ts';
import { messages as english } from './compiled/en.ts';

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
  return i18n._(id as MessageId, mapped);
}

// English text → key, for texts without placeholders; templates for the rest (built once).
let literalKeys: Map<string, string> | null = null;
let templateKeys: [string, CompiledMessage][] | null = null;

function indexEnglish(): void {
  literalKeys = new Map();
  templateKeys = [];
  for (const [key, message] of Object.entries(english)) {
    const tokens = message as CompiledMessage;
    if (tokens.every((token) => typeof token === 'string')) {
      literalKeys.set(tokens.join(''), key);
    } else if (tokens.every((token) => typeof token === 'string' || token.length === 1)) {
      templateKeys.push([key, tokens]);
    }
  }
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
  for (const [templateKey, template] of templateKeys ?? []) {
    const values = valuesOf(template, text);
    if (values) {
      return i18n._(templateKey, values);
    }
  }
  return text;
}
