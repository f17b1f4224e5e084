import { Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from '../domains.texts';
import styles from './domains.module.css';

interface NameserverListProps {
  nameservers: readonly string[];
  loading?: boolean;
  /** Links to the instructions page (/references/nameservers). */
  withReference?: boolean;
}

/** The two name servers a registrar must point at, each with a copy button. */
export function NameserverList({ nameservers, loading, withReference }: NameserverListProps) {
  return (
    <section className={styles.nameservers} aria-label={t('domains.nameservers.title')}>
      <div className={styles.nameserversHead}>
        <strong>{t('domains.nameservers.title')}</strong>
        {withReference ? (
          <Link to="/references/nameservers">{t('domains.nameservers.howTo')}</Link>
        ) : null}
      </div>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : nameservers.length === 0 ? (
        <Typography.Text type="secondary">{t('domains.nameservers.unavailable')}</Typography.Text>
      ) : (
        <ul className={styles.nameserverList} data-testid="nameservers">
          {nameservers.map((name) => (
            <li key={name}>
              <Typography.Text
                code
                copyable={{
                  text: name,
                  tooltips: [t('domains.nameservers.copy'), t('domains.nameservers.copied')],
                }}
              >
                {name}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
