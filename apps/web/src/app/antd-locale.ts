import type { Locale as AntdLocale } from 'antd/es/locale';
import { currentLocale } from '../shared/i18n/locale';

let french: AntdLocale | undefined;

/** antd's own words (pagination, empty lists, pickers) in French: loaded only for a French reader. */
export async function loadAntdLocale(): Promise<void> {
  if (currentLocale() !== 'fr-CA' || french) return;
  french = (await import('antd/es/locale/fr_CA')).default;
}

/** What antd's ConfigProvider is given now; English is antd's default. */
export function antdLocale(): AntdLocale | undefined {
  return currentLocale() === 'fr-CA' ? french : undefined;
}
