import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

type Shape = { arguments: Set<string>; plurals: Map<string, Set<string>> };

type Token = string | [name: string, type?: string, format?: unknown];

function collect(tokens: readonly Token[], shape: Shape): void {
  for (const token of tokens) {
    if (typeof token === 'string') {
      continue;
    }
    const [name, type, format] = token;
    shape.arguments.add(name);
    if (
      (type === 'plural' || type === 'selectordinal' || type === 'select') &&
      format &&
      typeof format === 'object'
    ) {
      const choices = Object.keys(format).filter((key) => key !== 'offset');
      shape.plurals.set(`${name}:${type}`, new Set(choices));
      for (const key of choices) {
        const branch = (format as Record<string, unknown>)[key];
        if (Array.isArray(branch)) {
          collect(branch as Token[], shape);
        }
      }
    }
  }
}

function shapeOf(text: string): Shape {
  const shape: Shape = { arguments: new Set(), plurals: new Map() };
  collect(compileMessageOrThrow(text), shape);
  return shape;
}

const sorted = (set: Iterable<string>) => [...set].sort().join(', ');

/**
 * The problems of a translation against the source catalogue: missing and extra keys, ICU syntax
 * errors, placeholders that differ, and plurals without the forms the language needs. Empty when sound.
 * @param source - the source catalogue (English)
 * @param translation - the catalogue to check
 * @param locale - the translation's language, for its plural categories (CLDR via Intl.PluralRules)
 */
export function catalogueProblems(
  source: Record<string, string>,
  translation: Record<string, string>,
  locale: string,
): string[] {
  const problems: string[] = [];
  const required = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  for (const key of Object.keys(source)) {
    if (!(key in translation)) {
      problems.push(`${locale}: missing key ${key}`);
    }
  }
  for (const [key, text] of Object.entries(translation)) {
    const sourceText = source[key];
    if (sourceText === undefined) {
      problems.push(`${locale}: extra key ${key}`);
      continue;
    }
    let shape: Shape;
    let expected: Shape;
    try {
      shape = shapeOf(text);
      expected = shapeOf(sourceText);
    } catch (error) {
      problems.push(
        `${locale}: ${key} is not valid ICU: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    if (sorted(shape.arguments) !== sorted(expected.arguments)) {
      problems.push(
        `${locale}: ${key} has placeholders {${sorted(shape.arguments)}}, the source has {${sorted(expected.arguments)}}`,
      );
    }
    for (const [argument, sourceChoices] of expected.plurals) {
      const choices = shape.plurals.get(argument);
      if (!choices) {
        problems.push(`${locale}: ${key} lost the ${argument} choice`);
        continue;
      }
      const needed = argument.endsWith(':plural')
        ? [...required]
        : [...sourceChoices].filter((choice) => !choice.startsWith('='));
      const lacking = needed.filter((choice) => !choices.has(choice));
      if (lacking.length > 0) {
        problems.push(`${locale}: ${key} ${argument} lacks the forms ${lacking.join(', ')}`);
      }
    }
    for (const argument of shape.plurals.keys()) {
      if (!expected.plurals.has(argument)) {
        problems.push(`${locale}: ${key} has a ${argument} choice the source has not`);
      }
    }
  }
  return problems;
}
