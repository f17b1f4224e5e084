import { currentLocale } from '../../shared/i18n/locale';
import type { BillingUsageDay } from '@meridian/domain/billing/billing-usage';
import { formatCad } from '@meridian/domain/billing/usage-rules';
import { t } from './billing.texts';
import { dayLabel, monthLabel, subtotal } from './billing-rules';
import styles from './cost-chart.module.css';

interface CostChartProps {
  month: string;
  days: readonly BillingUsageDay[];
}

// Plot coordinates; the SVG scales to its container's width.
const width = 720;
const height = 180;
const left = 56;
const bottom = 22;
const top = 8;

/**
 * Cost accrued per UTC day of the month, as bars. A plain SVG rather than a chart library: one
 * series of at most 31 bars needs no library's weight in the bundle. Each bar carries its day
 * and amount as a tooltip, and the figure a sentence for screen readers.
 */
export function CostChart({ month, days }: CostChartProps) {
  const highest = days.reduce<BillingUsageDay | undefined>(
    (best, day) => (!best || day.total > best.total ? day : best),
    undefined,
  );
  const max = Math.max(highest?.total ?? 0, 0.01);
  const plotWidth = width - left;
  const plotHeight = height - top - bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const label =
    highest && highest.total > 0
      ? t('billing.chart.label', {
          month: monthLabel(month),
          total: formatCad(subtotal(days), currentLocale()),
          highest: formatCad(highest.total, currentLocale()),
          day: dayLabel(highest.day),
        })
      : t('billing.chart.empty', { month: monthLabel(month) });

  return (
    <figure className={styles.figure} data-testid="billing-chart">
      <figcaption className={styles.caption}>{t('billing.chart.title')}</figcaption>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
      >
        <line className={styles.axis} x1={left} x2={width} y1={top} y2={top} />
        <line
          className={styles.axis}
          x1={left}
          x2={width}
          y1={top + plotHeight}
          y2={top + plotHeight}
        />
        <text className={styles.tick} x={left - 6} y={top + 4} textAnchor="end">
          {formatCad(max, currentLocale())}
        </text>
        <text className={styles.tick} x={left - 6} y={top + plotHeight} textAnchor="end">
          {formatCad(0, currentLocale())}
        </text>
        {days.map((day, index) => {
          // Zero days keep a sliver so the month's shape stays readable.
          const barHeight = Math.max((day.total / max) * plotHeight, 1);
          const x = left + index * slot + slot * 0.15;
          const dayOfMonth = index + 1;
          return (
            <g key={day.day} data-day={day.day} data-total={day.total}>
              <rect
                className={day.total > 0 ? styles.bar : styles.zero}
                x={x}
                y={top + plotHeight - barHeight}
                width={slot * 0.7}
                height={barHeight}
                rx={1.5}
              >
                <title>
                  {t('billing.chart.day', {
                    day: dayLabel(day.day),
                    total: formatCad(day.total, currentLocale()),
                  })}
                </title>
              </rect>
              {dayOfMonth === 1 || dayOfMonth % 5 === 0 ? (
                <text
                  className={styles.tick}
                  x={x + slot * 0.35}
                  y={height - 6}
                  textAnchor="middle"
                >
                  {dayOfMonth}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
