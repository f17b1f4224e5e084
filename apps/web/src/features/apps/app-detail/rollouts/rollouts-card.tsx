import type { App } from '@meridian/domain/apps/app-api';
import { Alert, Collapse } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { t } from '../../apps.texts';
import { isActiveRollout, useAppRollouts } from '../../api/app-rollouts';
import { errorDescription } from '../action-errors';
import { RolloutBody, RolloutHeading, RolloutView } from './rollout-view';
import { smartClusterName } from './rollouts.rules';
import styles from './rollouts.module.css';

/** The anchor the deployment page links to. */
export const rolloutsAnchor = 'rollouts';

/** How many finished rollouts are listed under the active ones. */
const finishedShown = 3;

/**
 * The app's progressive rollouts: those under way open, with their controls, the last few
 * finished ones folded. Nothing at all when the app never had one.
 */
export function RolloutsCard({ app }: { app: App }) {
  const query = useAppRollouts(app.uuid);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const rollouts = query.data ?? [];
  const shown = rollouts.length > 0;

  // Opened from a deployment's notice (#rollouts): bring the card into view once it is there.
  useEffect(() => {
    if (shown && hash === `#${rolloutsAnchor}`) section.current?.scrollIntoView();
  }, [shown, hash]);

  if (query.isError && !shown) {
    return (
      <Alert
        className={styles.section}
        type="error"
        showIcon
        title={t('apps.rollout.fetchFailed')}
        description={errorDescription(query.error)}
      />
    );
  }
  if (!shown) return null;

  const active = rollouts.filter(isActiveRollout);
  const finished = rollouts.filter((rollout) => !isActiveRollout(rollout)).slice(0, finishedShown);
  const nameOf = (smartClusterId: string) => smartClusterName(app, smartClusterId);

  return (
    <section
      ref={section}
      id={rolloutsAnchor}
      className={styles.section}
      aria-labelledby="app-rollouts-title"
    >
      <h2 id="app-rollouts-title" className={styles.title}>
        {t('apps.rollout.title')}
      </h2>
      {active.map((rollout) => (
        <RolloutView
          key={rollout.uuid}
          rollout={rollout}
          smartClusterName={nameOf(rollout.smart_cluster_uuid)}
        />
      ))}
      {finished.length > 0 ? (
        <div className={styles.finished}>
          {active.length > 0 ? (
            <h3 className={styles.subtitle}>{t('apps.rollout.earlier')}</h3>
          ) : null}
          <Collapse
            className={styles.collapse}
            // Remounted when the newest finishes: the one just ended opens by itself.
            key={active.length === 0 ? (finished[0]?.uuid ?? '') : 'folded'}
            items={finished.map((rollout) => ({
              key: rollout.uuid,
              label: (
                <RolloutHeading
                  rollout={rollout}
                  smartClusterName={nameOf(rollout.smart_cluster_uuid)}
                />
              ),
              children: <RolloutBody rollout={rollout} />,
            }))}
            // With nothing under way, the latest finished one is what the user came to see.
            defaultActiveKey={active.length === 0 && finished[0] ? [finished[0].uuid] : []}
          />
        </div>
      ) : null}
    </section>
  );
}
