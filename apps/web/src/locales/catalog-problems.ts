import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The argument (and rich-text tag) names a message uses, in every branch. */
export function argumentNames(elements: readonly MessageFormatElement[]): Set<string> {
  const names = new Set<string>();
  const visit = (list: readonly MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.tag) visit(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) visit(option.value);
      }
    }
  };
  visit(elements);
  return names;
}

function parsed(message: unknown): MessageFormatElement[] | null {
  if (typeof message !== 'string') return null;
  try {
    return parse(message);
  } catch {
    return null;
  }
}

const sorted = (names: Set<string>) => [...names].sort().join(', ');

/**
 * What is wrong with `catalog` against the English `source`: keys missing or extra, messages
 * that are not valid ICU, and messages whose arguments differ from English's (a renamed or
 * dropped `{name}` would show the raw placeholder, or nothing, to the customer). Sorted by key.
 */
export function catalogProblems(
  catalog: Record<string, unknown>,
  source: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  const keys = new Set([...Object.keys(source), ...Object.keys(catalog)]);
  for (const key of [...keys].sort()) {
    if (!(key in catalog)) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (!(key in source)) {
      problems.push(`${key}: not in English`);
      continue;
    }
    const message = parsed(catalog[key]);
    if (!message) {
      problems.push(`${key}: not a valid ICU message`);
      continue;
    }
    const english = parsed(source[key]);
    if (!english) continue;
    const want = sorted(argumentNames(english));
    const got = sorted(argumentNames(message));
    if (want !== got) problems.push(`${key}: arguments {${got}} instead of {${want}}`);
  }
  return problems;
}
