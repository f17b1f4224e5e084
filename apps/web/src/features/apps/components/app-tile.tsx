import ClockCircleFilled from '@ant-design/icons-svg/es/asn/ClockCircleFilled';
import type { AppSummary } from '@meridian/domain/apps/app-api';
import { Link } from 'react-router';
import { SvgIcon } from '../../../shared/components/svg-icon';
import { t } from '../../../shared/i18n/translate';
import { colorFromName, initialOf } from '../../../shared/lib/color-from-name';
import styles from './app-list.module.css';

/** One app in the sidebar: its initial on its colour, its name, a clock while it deploys. */
export function AppTile({ app, current }: { app: AppSummary; current: boolean }) {
  const pending = app.pending;
  const avatar = (
    // The letter is drawn by CSS (data-initial): it is not text, so the link's name is the app's.
    <span
      className={styles.avatar}
      style={{ backgroundColor: colorFromName(app.name) }}
      aria-hidden="true"
      data-initial={initialOf(app.name)}
      data-testid="app-avatar"
    />
  );
  return (
    <li>
      <Link
        to={`/apps/${app.uuid}`}
        className={[styles.tile, current ? styles.current : ''].join(' ')}
        aria-current={current ? 'page' : undefined}
        aria-label={app.name}
        title={app.name}
      >
        <span className={styles.avatarWrap}>
          {avatar}
          {pending ? (
            <SvgIcon
              icon={ClockCircleFilled}
              className={styles.clock}
              label={t('apps.pending')}
              title={t('apps.pending')}
            />
          ) : null}
        </span>
        <span className={styles.name}>{app.name}</span>
      </Link>
    </li>
  );
}
