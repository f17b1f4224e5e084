import type { Rule } from 'antd/es/form';
import { localizeMessage } from '@meridian/domain/i18n/localize-message';
import { currentLocale } from '../i18n/locale';

/** What a form needs of a zod schema of one field (structural, so the console does not depend on zod). */
export interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** An antd Form rule from a domain schema of one field: its first message, so both sides agree (in the console's language). */
export function zodRule(schema: FieldSchema): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      return result.success
        ? Promise.resolve()
        : Promise.reject(
            new Error(localizeMessage(result.error.issues[0]?.message ?? '', currentLocale())),
          );
    },
  };
}
