import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import type { PlacementPreview as Preview } from '@meridian/domain/clusters/placement-api';
import { formatCad } from '@meridian/domain/billing/usage-rules';
import { currentLocale } from '../../../shared/i18n/locale';
import { Alert, Button, Spin, Tag } from 'antd';
import { t } from '../clusters.texts';
import type { WorldGeometry } from '../../../shared/components/world-map/world-geometry';
import { WorldMap } from '../../../shared/components/world-map/world-map';
import styles from './placement.module.css';

interface PlacementPreviewProps {
  preview: Preview | undefined;
  loading: boolean;
  error: string | null;
  /** The budget message when the budget is below the minimum: shown with the placement. */
  budgetShort: string | null;
  latency: number;
  /** As typed; none yet: the cost stands alone. */
  budget: number | undefined;
  candidates: readonly Datacenter[];
  onUseBestLatency: (latency: number) => void;
}

/** Demand regions, the lines to the datacenter serving each, and the candidates, in map space. */
function PlacementOverlay({
  geometry,
  preview,
  candidates,
}: {
  geometry: WorldGeometry;
  preview: Preview;
  candidates: readonly Datacenter[];
}) {
  const at = (longitude: number, latitude: number) => geometry.project([longitude, latitude]);
  const heaviest = Math.max(...preview.regions.map((region) => region.weight), 1);
  return (
    <g>
      {preview.regions.map((region, index) => {
        const from = at(region.longitude, region.latitude);
        const served = candidates.find((dc) => dc.uuid === region.datacenter_uuid);
        const to = served && at(served.coordinates.longitude, served.coordinates.latitude);
        if (!from || !to) return null;
        return (
          <g key={`${region.name}-${index}`}>
            <line className={styles.route} x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} />
            <circle
              className={styles.demand}
              cx={from[0]}
              cy={from[1]}
              r={5 + 9 * Math.sqrt(region.weight / heaviest)}
            />
          </g>
        );
      })}
      {candidates.map((dc) => {
        const point = at(dc.coordinates.longitude, dc.coordinates.latitude);
        if (!point) return null;
        const chosen = preview.datacenters.includes(dc.uuid);
        return (
          <circle
            key={dc.uuid}
            className={chosen ? styles.chosen : styles.candidate}
            cx={point[0]}
            cy={point[1]}
            r={chosen ? 12 : 8}
            data-testid={chosen ? 'placement-chosen-marker' : 'placement-candidate-marker'}
          />
        );
      })}
    </g>
  );
}

/** The AUTOMATIC form's live answer: where it would run, its p95 and cost against the asks. */
export function PlacementPreview({
  preview,
  loading,
  error,
  budgetShort,
  latency,
  budget,
  candidates,
  onUseBestLatency,
}: PlacementPreviewProps) {
  const name = (uuid: string) => candidates.find((dc) => dc.uuid === uuid)?.location ?? uuid;
  return (
    <section
      className={styles.preview}
      aria-label={t('clusters.placement.title')}
      data-testid="placement-preview"
    >
      <header className={styles.header}>
        <strong>{t('clusters.placement.title')}</strong>
        {loading ? <Spin size="small" aria-label={t('clusters.placement.loading')} /> : null}
        <span className={styles.legend}>
          <i className={styles.legendChosen} /> {t('clusters.placement.legendChosen')}
          <i className={styles.legendDemand} /> {t('clusters.placement.legendDemand')}
        </span>
      </header>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {budgetShort && !error ? (
        <Alert
          type="warning"
          showIcon
          title={budgetShort}
          description={t('clusters.placement.budgetShort')}
          data-testid="placement-budget-short"
        />
      ) : null}
      {!preview && !error ? <p className={styles.hint}>{t('clusters.placement.hint')}</p> : null}
      {preview ? (
        <>
          <WorldMap
            variant="receded"
            className={styles.map}
            renderOverlay={(geometry) => (
              <PlacementOverlay geometry={geometry} preview={preview} candidates={candidates} />
            )}
          />
          <p className={styles.demandAssumed} data-testid="placement-demand">
            {preview.demand_assumed}
          </p>
          <div className={styles.chosenList} data-testid="placement-chosen">
            {t('clusters.placement.runsIn')}{' '}
            {preview.datacenters.map((uuid) => (
              <Tag key={uuid} color="blue">
                {name(uuid)}
              </Tag>
            ))}
          </div>
          <dl className={styles.figures}>
            <div data-testid="placement-p95" data-within={preview.p95_latency_ms <= latency}>
              <dt>{t('clusters.placement.p95')}</dt>
              <dd>
                {t('clusters.placement.p95Value', {
                  p95: preview.p95_latency_ms,
                  target: latency,
                })}
              </dd>
            </div>
            <div
              data-testid="placement-cost"
              data-within={budget === undefined || (!budgetShort && preview.monthly_cost <= budget)}
            >
              <dt>{t('clusters.placement.cost')}</dt>
              <dd>
                {budget === undefined
                  ? formatCad(preview.monthly_cost, currentLocale())
                  : t('clusters.placement.costValue', {
                      cost: formatCad(preview.monthly_cost, currentLocale()),
                      budget: formatCad(budget, currentLocale()),
                    })}
              </dd>
            </div>
          </dl>
          {preview.feasible ? null : (
            <Alert
              type="warning"
              showIcon
              title={preview.reason}
              action={
                <Button
                  size="small"
                  data-testid="use-best-latency"
                  onClick={() => onUseBestLatency(Math.ceil(preview.best_possible_latency_ms))}
                >
                  {t('clusters.placement.useBest', {
                    latency: Math.ceil(preview.best_possible_latency_ms),
                  })}
                </Button>
              }
            />
          )}
        </>
      ) : null}
    </section>
  );
}
