import { z } from 'zod';

/**
 * Building blocks of every request schema, so each rule is written once: text is bounded and
 * never holds a NUL character (PostgreSQL text cannot store one), lists are bounded before their
 * items are read, ids are uuids. A refusal names the field's own message.
 */

/** True when the text can be stored as PostgreSQL text. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

export const tooLongMessage = (field: string, max: number) =>
  `${field} must be at most ${max} characters`;

/** Required text, trimmed: empty, NUL-holding or not a string gives `message`. */
export function requiredText(message: string, max: number, tooLong: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong)
    .refine(hasNoNul, { message, abort: true });
}

/** Optional text, trimmed and bounded. */
export function optionalText(message: string, max: number, tooLong: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, tooLong)
    .refine(hasNoNul, { message, abort: true })
    .optional();
}

/** A uuid naming something of the caller's; anything else gives `message`. */
export function idField(message: string) {
  return z.uuid({ error: message });
}

/** A non-empty list of at most `max` items; its length is checked before any item is read. */
export function boundedList<T extends z.ZodType>(
  item: T,
  message: string,
  max: number,
  tooMany: string,
) {
  return z.array(item, { error: message }).min(1, message).max(max, tooMany);
}

/** A whole number within [min, max]; anything else gives `message`, which should say the range. */
export function wholeNumberIn(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}
