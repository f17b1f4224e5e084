import { describe, expect, it } from 'vitest';
import { formatCad } from '../billing/usage-rules';
import { validationMessages } from '../validation-messages';
import { eventCatalogue, eventSubjects } from '../events/event-catalogue';
import { actionNouns, subjectNouns } from '../events/event-titles.fr-CA';
import { pickLocale } from './locale';
import { localizeMessage } from './localize-message';
import { messagesFrCA } from './messages.fr-CA';
import { validationMessagesFrCA } from './validation-messages.fr-CA';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

describe('pickLocale', () => {
  it('takes the first language Meridian speaks, French of any country as fr-CA', () => {
    expect(pickLocale(['fr-FR', 'en'])).toBe('fr-CA');
    expect(pickLocale(['de', 'en-GB', 'fr'])).toBe('en');
    expect(pickLocale(['FR_ca'])).toBe('fr-CA');
    expect(pickLocale(['de', 'es'])).toBeUndefined();
  });
});

describe('localizeMessage', () => {
  it('leaves English as it is, and a message the catalogue lacks', () => {
    expect(localizeMessage('Please enter a username', 'en')).toBe('Please enter a username');
    expect(localizeMessage('No such message here', 'fr-CA')).toBe('No such message here');
  });

  it('translates a message word for word and carries its varying parts over', () => {
    expect(localizeMessage(validationMessages.username, 'fr-CA')).toBe(
      validationMessagesFrCA.username,
    );
    const template = Object.keys(messagesFrCA).find((english) => /\{\w+\}/.test(english))!;
    const names = placeholders(template);
    const filled = names.reduce((text, name) => text.replace(`{${name}}`, `<${name}>`), template);
    const french = localizeMessage(filled, 'fr-CA');
    expect(french).not.toBe(filled);
    for (const name of names) expect(french).toContain(`<${name}>`);
    // A rollout's note in the app's history, as the rollout writes it.
    expect(localizeMessage('Step 1 of 2: Montréal.', 'fr-CA')).toBe('Étape 1 sur 2 : Montréal.');
  });

  it('has the spec’s validation messages, and every French keeps the English placeholders', () => {
    for (const [key, english] of Object.entries(validationMessages)) {
      if (key === 'budget') continue;
      expect(messagesFrCA[english], english).toBe(validationMessagesFrCA[key as 'name']);
    }
    for (const [english, french] of Object.entries(messagesFrCA)) {
      expect(placeholders(french), english).toEqual(placeholders(english));
    }
  });
});

describe('French notification titles and amounts', () => {
  it('names every subject and action of the catalogue', () => {
    for (const [name, subject] of Object.entries(eventSubjects)) {
      expect(subjectNouns[name], name).toBeTruthy();
      for (const action of subject.actions) expect(actionNouns[action], action).toBeTruthy();
    }
    for (const entry of Object.values(eventCatalogue)) {
      expect(placeholders(entry.fr.message_title)).toEqual(placeholders(entry.message_title));
    }
  });

  it('writes CAD as Canadian French does', () => {
    expect(formatCad(1234.5)).toBe('$1,234.50');
    expect(formatCad(1234.5, 'fr-CA').replace(/\s/g, ' ')).toBe('1 234,50 $');
  });
});
