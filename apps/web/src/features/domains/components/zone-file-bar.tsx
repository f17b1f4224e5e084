import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { Domain } from '@meridian/domain/domains/domain-api';
import { Button } from 'antd';
import { useState } from 'react';
import { RoleGate } from '../../../shared/components/role-gate';
import { notify } from '../../../shared/notifications/notify';
import { domainNameOf } from '../api/get-domains';
import { downloadZone } from '../api/zone-file';
import { t } from '../domains.texts';
import styles from './domains.module.css';
import { ZoneImportModal } from './zone-import-modal';

/** Export zone (a download of the master file) and Import zone (a file or pasted text). */
export function ZoneFileBar({ domain }: { domain: Domain }) {
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const name = domainNameOf(domain);
  const exportZone = () => {
    setExporting(true);
    downloadZone(domain.uuid, name)
      .catch(() => notify.error(t('zone.exportFailed'), t('domains.tryAgain')))
      .finally(() => setExporting(false));
  };
  return (
    <div className={styles.zoneBar}>
      <Button icon={<DownloadOutlined aria-hidden />} onClick={exportZone} loading={exporting}>
        {t('zone.export')}
      </Button>
      <RoleGate needs="developer">
        {(refused) => (
          <Button
            icon={<UploadOutlined aria-hidden />}
            onClick={() => setImporting(true)}
            disabled={refused}
          >
            {t('zone.import')}
          </Button>
        )}
      </RoleGate>
      {importing ? <ZoneImportModal domain={domain} onClose={() => setImporting(false)} /> : null}
    </div>
  );
}
