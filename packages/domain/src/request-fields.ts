// zod/mini: the schemas the console's first page reads are built from these.
import { z } from 'zod/mini';

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
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, tooLong),
      z.refine(hasNoNul, { error: message, abort: true }),
    );
}

/** Optional text, trimmed and bounded. */
export function optionalText(message: string, max: number, tooLong: string) {
  return z.optional(
    z
      .string({ error: message })
      .check(
        z.trim(),
        z.maxLength(max, tooLong),
        z.refine(hasNoNul, { error: message, abort: true }),
      ),
  );
}

/** A uuid naming something of the caller's; anything else gives `message`. */
export function idField(message: string) {
  return z.uuid({ error: message });
}

/** A non-empty list of at most `max` items; its length is checked before any item is read. */
export function boundedList<T extends z.core.$ZodType>(
  item: T,
  message: string,
  max: number,
  tooMany: string,
) {
  return z
    .array(item, { error: message })
    .check(z.minLength(1, message), z.maxLength(max, tooMany));
}

/** A whole number within [min, max]; anything else gives `message`, which should say the range. */
export function wholeNumberIn(min: number, max: number, message: string) {
  return z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message));
}
