import { MoreOutlined } from '@ant-design/icons';
import type { Domain } from '@meridian/domain/domains/domain-api';
import { Avatar, Button, Dropdown } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import { refusedMenuEntry } from '../../../shared/components/disabled-reason';
import { useActingRole } from '../../../shared/session/acting-role';
import { t } from '../domains.texts';
import { colorFromName } from '../../../shared/lib/color-from-name';
import { formatDateTime } from '../../../shared/lib/format-date';
import { domainNameOf } from '../api/get-domains';
import { DomainStatusTag } from './domain-status-tag';
import styles from './domains.module.css';

interface DomainCardProps {
  domain: Domain;
  onDetails: () => void;
  onDelete: () => void;
}

/** A domain card: avatar, name, status tag, created and updated times, a details/delete menu. */
export function DomainCard({ domain, onDetails, onDelete }: DomainCardProps) {
  const name = domainNameOf(domain);
  const deleteRefusal = useActingRole().refusal('admin');
  const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onDetails();
    }
  };
  return (
    <article
      className={styles.card}
      aria-label={name}
      data-testid="domain-card"
      data-status={domain.status}
      tabIndex={0}
      onClick={onDetails}
      onKeyDown={onKeyDown}
    >
      <Avatar shape="square" size={40} style={{ background: colorFromName(name) }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <div className={styles.cardTitle}>
        <h3 className={styles.cardName} title={name}>
          {name}
        </h3>
        <div className={styles.cardTimes}>
          <span>
            {t('domains.card.created')} {formatDateTime(domain.createdAt)}
          </span>
          <span>
            {t('domains.card.updated')} {formatDateTime(domain.updatedAt)}
          </span>
        </div>
      </div>
      <div className={styles.cardStatus}>
        <DomainStatusTag status={domain.status} />
        <span onClick={stop} onKeyDown={stop} role="presentation">
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'details', label: t('domains.action.details') },
                { type: 'divider' },
                {
                  key: 'delete',
                  ...refusedMenuEntry(t('domains.action.delete'), deleteRefusal),
                  danger: true,
                },
              ],
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'details') onDetails();
                if (key === 'delete') onDelete();
              },
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined aria-hidden />}
              aria-label={t('domains.card.menu', { name })}
            />
          </Dropdown>
        </span>
      </div>
    </article>
  );
}
