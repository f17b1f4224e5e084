import type { Locale } from './locale';
import { messagesFrCA } from './messages.fr-CA';

interface Template {
  pattern: RegExp;
  names: string[];
  french: string;
}

const placeholder = /\{(\w+)\}/g;

function compile(english: string, french: string): Template {
  const names: string[] = [];
  const source = english
    .split(placeholder)
    .map((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names, french };
}

let templates: Template[] | undefined;

function templatesOf(): Template[] {
  templates ??= Object.entries(messagesFrCA)
    .filter(([english]) => english.includes('{'))
    .map(([english, french]) => compile(english, french));
  return templates;
}

/**
 * A message of the server or of a form (the spec's English, word for word) in the reader's
 * language: a French reader gets the catalogue's French, its `{name}` parts carried over from
 * the English message. A message the catalogue lacks stays as it is.
 */
export function localizeMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const exact = messagesFrCA[message];
  if (exact !== undefined) return exact;
  for (const { pattern, names, french } of templatesOf()) {
    const match = pattern.exec(message);
    if (!match) continue;
    return french.replace(placeholder, (whole, name: string) => {
      const at = names.indexOf(name);
      return at === -1 ? whole : (match[at + 1] ?? '');
    });
  }
  return message;
}
