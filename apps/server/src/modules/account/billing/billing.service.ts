import type { BillingUsage } from '@meridian/domain/billing/billing-usage';
import { buildUsageReport, monthOf, monthRange } from '@meridian/domain/billing/usage-rules';
import type { AccountContext } from '../account-context';
import { listUsagePeriods } from './billing.queries';

/** The user's usage in a UTC month ('YYYY-MM'; absent, the current one), from recorded uptime. */
export async function getUsage(
  context: Pick<AccountContext, 'db' | 'now'>,
  userId: string,
  month?: string,
): Promise<BillingUsage> {
  const at = context.now();
  const selected = month ?? monthOf(at);
  const rows = await listUsagePeriods(context.db, userId, monthRange(selected));
  return buildUsageReport(
    rows.map((row) => ({ ...row, type: row.resourceType })),
    selected,
    at,
  );
}
