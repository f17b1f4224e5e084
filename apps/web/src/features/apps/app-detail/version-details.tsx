import { DownloadOutlined } from '@ant-design/icons';
import type { Deployment, Version } from '@meridian/domain/apps/app-api';
import { findFlavor } from '@meridian/domain/flavors';
import { Button, Descriptions, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../apps.texts';
import { downloadTextFile } from '../../../shared/lib/download-file';
import { formatDateTime } from '../../../shared/lib/format-date';
import { notify } from '../../../shared/notifications/notify';
import { getVersionTemplate } from '../api/get-version-template';
import { useRegistries } from '../../../shared/api/registries';
import { errorDescription } from './action-errors';
import { versionSmartClusters } from './app-detail.rules';
import { configurationItems } from './configuration/configuration-details';
import styles from './app-detail.module.css';
import { VersionStatusTag } from './status-tag';

interface VersionDetailsProps {
  version: Version;
  deployments: readonly Deployment[];
}

/** The drawer's details action: the version's fields and its template as a download. */
export function VersionDetails({ version, deployments }: VersionDetailsProps) {
  const [downloading, setDownloading] = useState(false);
  const clusters = versionSmartClusters(version, deployments);
  const flavor = version.flavor_name ? findFlavor(version.flavor_name) : undefined;
  const registryUuid = version.basic_settings?.dockerRegistryUuid;
  const registries = useRegistries({ enabled: registryUuid !== undefined });
  const registryName = registries.data?.find((registry) => registry.uuid === registryUuid)?.name;

  const download = async () => {
    setDownloading(true);
    try {
      const text = await getVersionTemplate(version.uuid);
      downloadTextFile(version.template_name || `${version.name}.yaml`, text, 'application/yaml');
    } catch (error) {
      notify.error(t('apps.detail.template.failed'), errorDescription(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div data-testid="version-details">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('apps.detail.field.name')}>{version.name}</Descriptions.Item>
        <Descriptions.Item label={t('apps.detail.field.status')}>
          <VersionStatusTag status={version.status} deployed={deployments.length > 0} />
        </Descriptions.Item>
        <Descriptions.Item label={t('apps.detail.field.uuid')}>
          <Typography.Text copyable code>
            {version.uuid}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('apps.detail.field.templateType')}>
          {t(`apps.detail.templateType.${version.template_type}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('apps.detail.field.template')}>
          <span className={styles.templateRow}>
            <Typography.Text>{version.template_name}</Typography.Text>
            <Button
              size="small"
              icon={<DownloadOutlined aria-hidden />}
              loading={downloading}
              onClick={() => void download()}
            >
              {t('apps.detail.template.download')}
            </Button>
          </span>
        </Descriptions.Item>
        {version.template_type === 'HEAT' ? (
          <>
            <Descriptions.Item label={t('apps.detail.field.flavor')}>
              {flavor?.name ?? version.flavor_name ?? t('apps.detail.none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('apps.detail.field.volumeType')}>
              {version.volume_type ?? t('apps.detail.none')}
            </Descriptions.Item>
          </>
        ) : null}
        {version.basic_settings ? configurationItems(version.basic_settings, registryName) : null}
        <Descriptions.Item label={t('apps.detail.version.smartClusters')}>
          {clusters.shown.length === 0
            ? t('apps.detail.version.notDeployed')
            : [...clusters.shown, ...(clusters.more ? ['…'] : [])].join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('apps.detail.field.created')}>
          {formatDateTime(version.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('apps.detail.field.updated')}>
          {formatDateTime(version.updatedAt)}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
