import { defineTexts } from '../../shared/i18n/translate';
import { referenceTexts } from '../../shared/i18n/reference-texts';
import { referenceTextsFrCA } from '../../shared/i18n/reference-texts.fr-CA';

/** The reference pages' texts. They load with the feature, not with the console's first page. */
export const t = defineTexts(referenceTexts, referenceTextsFrCA);
