import type { Locale as AntdLocale } from 'antd/es/locale';
import english from 'antd/es/locale/en_US';
import { currentLocale, prepareLocaleWith } from '../shared/i18n/locale';
import { loadValidationFrench } from '../shared/i18n/translate';

let french: AntdLocale | undefined;

// antd's own words (pagination, empty lists, pickers) and the validation messages of the forms
// antd draws, in French: loaded only for a French reader, with the first antd part.
prepareLocaleWith(async (locale) => {
  if (locale !== 'fr-CA') return;
  const [antdFrench] = await Promise.all([import('antd/es/locale/fr_CA'), loadValidationFrench()]);
  french ??= antdFrench.default;
});

/**
 * What antd's ConfigProvider is given now. Never undefined: ConfigProvider wraps its children in
 * a locale provider only when given one, so a switch from none would remount every open form.
 */
export function antdLocale(): AntdLocale {
  return (currentLocale() === 'fr-CA' ? french : undefined) ?? english;
}
