import type { Domain } from '@meridian/domain/domains/domain-api';
import { Drawer } from 'antd';
import { t } from '../domains.texts';
import { domainNameOf } from '../api/get-domains';
import { useNameservers } from '../api/get-nameservers';
import { DnsRecordEditor } from './dns-record-editor';
import { DomainCertificates } from './domain-certificates';
import { DomainStatusTag } from './domain-status-tag';
import styles from './domains.module.css';
import { NameserverList } from './nameserver-list';
import { ZoneFileBar } from './zone-file-bar';
import { RecordHistoryPanel } from './record-history-panel';

/** Spec "Business constants and limits": the domain drawer is 75% of the window high, at the bottom. */
export const domainDrawerHeight = '75%';

/** A domain's details: a bottom drawer titled with its name, holding the DNS record editor. */
export function DomainDetailsDrawer({
  domain,
  onClose,
}: {
  domain: Domain | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      title={
        domain ? (
          <span className={styles.drawerTitle}>
            {domainNameOf(domain)} <DomainStatusTag status={domain.status} />
          </span>
        ) : (
          ''
        )
      }
      aria-label={domain ? domainNameOf(domain) : undefined}
      open={domain !== null}
      onClose={onClose}
      placement="bottom"
      size={domainDrawerHeight}
      destroyOnHidden
      data-testid="domain-details"
    >
      {domain ? <DomainDetailsBody key={domain.uuid} domain={domain} /> : null}
    </Drawer>
  );
}

function DomainDetailsBody({ domain }: { domain: Domain }) {
  const fetched = useNameservers();
  const nameservers = domain.nameservers.length > 0 ? domain.nameservers : (fetched.data ?? []);
  return (
    <div className={styles.details}>
      <NameserverList
        nameservers={nameservers}
        loading={domain.nameservers.length === 0 && fetched.isPending}
        withReference
      />
      <p className={styles.detailsHint}>{t('domains.details.hint')}</p>
      <ZoneFileBar domain={domain} />
      <DnsRecordEditor domain={domain} />
      <DomainCertificates domainId={domain.uuid} />
      {/* Beside the editor's table, not in it: the editor's pagination stays its own. */}
      <RecordHistoryPanel domain={domain} />
    </div>
  );
}
