import { VisuallyHidden } from '../../shared/components/visually-hidden';
import { t } from '../../shared/i18n/translate';

/** / and /home: nothing over the map but the map itself (spec "Screens and routes"). */
export function HomePage() {
  return <VisuallyHidden as="h1">{t('home.title')}</VisuallyHidden>;
}
