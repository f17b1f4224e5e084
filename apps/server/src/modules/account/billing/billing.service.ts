import type { BillingUsage } from '@meridian/domain/billing/billing-usage';
import { buildUsageReport, monthOf, monthRange } from '@meridian/domain/billing/usage-rules';
import type { Database } from '../../../platform/db/database';
import { listUsagePeriods } from './billing.queries';

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
    const rows = await listUsagePeriods(db, userId, monthRange(selected));
    return buildUsageReport(
      rows.map((row) => ({ ...row, type: row.resourceType })),
      selected,
      at,
    );
  }

  return { usage };
}
