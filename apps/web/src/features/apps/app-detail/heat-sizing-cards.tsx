import type { Deployment } from '@meridian/domain/apps/app-api';
import { findFlavor } from '@meridian/domain/flavors';
import { t } from '../apps.texts';
import styles from './app-detail.module.css';
import { InfoCard } from './info-card';

/** A Heat stack's size: its flavor, with the flavor's figures, and its volume type. */
export function HeatSizingCards({ deployment }: { deployment: Deployment }) {
  const flavor = deployment.flavor_name ? findFlavor(deployment.flavor_name) : undefined;
  return (
    <>
      <InfoCard title={t('apps.detail.card.flavor')} testId="card-flavor">
        {flavor ? (
          <>
            <strong>{flavor.name}</strong>
            <span className={styles.muted}>
              {flavor.cpu.value} {flavor.cpu.unit} · {flavor.ram.value} {flavor.ram.unit} ·{' '}
              {flavor.storage.value} {flavor.storage.unit}
            </span>
          </>
        ) : (
          <span className={styles.muted}>{deployment.flavor_name ?? t('apps.detail.none')}</span>
        )}
      </InfoCard>
      <InfoCard title={t('apps.detail.card.volumeType')} testId="card-volume-type">
        {deployment.volume_type ?? <span className={styles.muted}>{t('apps.detail.none')}</span>}
      </InfoCard>
    </>
  );
}
