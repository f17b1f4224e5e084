import type { BillingUsage } from '@meridian/domain/billing/billing-usage';
import { buildUsageReport, monthOf, monthRange } from '@meridian/domain/billing/usage-rules';
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { usagePeriods } from '../../platform/db/schema';

export interface BillingServiceOptions {
  db: Database;
  now?: () => Date;
}

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService({ db, now = () => new Date() }: BillingServiceOptions) {
  /** The user's usage in a UTC month ('YYYY-MM'; absent, the current one), from recorded uptime. */
  async function usage(userId: string, month?: string): Promise<BillingUsage> {
    const at = now();
    const selected = month ?? monthOf(at);
    const { start, end } = monthRange(selected);
    const rows = await db
      .select()
      .from(usagePeriods)
      .where(
        and(
          eq(usagePeriods.userId, userId),
          lt(usagePeriods.startedAt, end),
          or(isNull(usagePeriods.endedAt), gt(usagePeriods.endedAt, start)),
        ),
      )
      .orderBy(asc(usagePeriods.startedAt), asc(usagePeriods.name), asc(usagePeriods.id));
    return buildUsageReport(
      rows.map((row) => ({ ...row, type: row.resourceType })),
      selected,
      at,
    );
  }

  return { usage };
}
