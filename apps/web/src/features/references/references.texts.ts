import { defineTexts } from '../../shared/i18n/translate';
import { referenceTexts } from '../../shared/i18n/reference-texts';

/** The reference pages' texts. They load with the feature, not with the console's first page. */
export const t = defineTexts(referenceTexts, () =>
  import('../../shared/i18n/reference-texts.fr-CA').then((french) => french.referenceTextsFrCA),
);
