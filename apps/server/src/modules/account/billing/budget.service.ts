import { and, eq } from 'drizzle-orm';
import {
  defaultBudgetThresholds,
  forecastOf,
  type Budget,
  type BudgetInput,
} from '@meridian/domain/billing/budget';
import { formatCad, monthOf } from '@meridian/domain/billing/usage-rules';
import { budgetEventType } from '@meridian/domain/events/event-catalogue';
import { budgetAlerts, budgets, type BudgetRow } from '../../../platform/db/schema/alerts';
import type { AccountContext } from '../account-context';
import { recordEvent } from '../event/event.service';
import { getUsage } from './billing.service';

type BudgetContext = Pick<AccountContext, 'db' | 'now'>;

async function findBudget(context: BudgetContext, accountId: string) {
  const [row] = await context.db.select().from(budgets).where(eq(budgets.userId, accountId));
  return row;
}

async function reachedThresholds(context: BudgetContext, accountId: string, month: string) {
  const rows = await context.db
    .select({ threshold: budgetAlerts.threshold })
    .from(budgetAlerts)
    .where(and(eq(budgetAlerts.userId, accountId), eq(budgetAlerts.month, month)));
  return rows.map((row) => row.threshold).sort((a, b) => a - b);
}

/** The budget, the month's cost so far and its forecast (null fields when no budget is set). */
export async function getBudget(context: BudgetContext, accountId: string): Promise<Budget> {
  const at = context.now();
  const month = monthOf(at);
  const row = await findBudget(context, accountId);
  const usage = await getUsage(context, accountId, month);
  return {
    monthly_cad: row?.monthlyCad ?? null,
    thresholds: row?.thresholds ?? null,
    month,
    spent_cad: usage.total,
    forecast_cad: forecastOf(usage.total, at),
    reached: await reachedThresholds(context, accountId, month),
  };
}

export async function setBudget(
  context: BudgetContext,
  accountId: string,
  input: BudgetInput,
): Promise<Budget> {
  const values = {
    monthlyCad: input.monthly_cad,
    thresholds: input.thresholds ?? [...defaultBudgetThresholds],
    updatedAt: context.now(),
  };
  await context.db
    .insert(budgets)
    .values({ userId: accountId, ...values })
    .onConflictDoUpdate({ target: budgets.userId, set: values });
  // A budget set below what is already spent alerts at once, not at the next round.
  await checkBudget(context, (await findBudget(context, accountId))!, context.now());
  return getBudget(context, accountId);
}

export async function removeBudget(context: BudgetContext, accountId: string): Promise<void> {
  await context.db.delete(budgets).where(eq(budgets.userId, accountId));
}

/**
 * Alerts each threshold the month's metered cost has crossed, once per month: the remembered
 * (account, month, threshold) row and the event commit together.
 */
async function checkBudget(context: BudgetContext, row: BudgetRow, at: Date): Promise<void> {
  const month = monthOf(at);
  const { total } = await getUsage(context, row.userId, month);
  const crossed = row.thresholds.filter((threshold) => total >= (row.monthlyCad * threshold) / 100);
  for (const threshold of crossed) {
    await context.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(budgetAlerts)
        .values({ userId: row.userId, month, threshold })
        .onConflictDoNothing()
        .returning({ threshold: budgetAlerts.threshold });
      if (fresh.length === 0) return;
      await recordEvent(tx, {
        userId: row.userId,
        type: budgetEventType,
        payload: {
          budget_percent: String(threshold),
          budget_amount: `${formatCad(row.monthlyCad)} CAD`,
        },
      });
    });
  }
}

/**
 * Checks one account's budget inside `tx` (metering calls it when it records cost), so an alert
 * commits with the usage that caused it. Without a budget: one indexed read.
 */
export async function checkAccountBudget(
  tx: BudgetContext['db'],
  accountId: string,
  at: Date,
): Promise<void> {
  const context = { db: tx, now: () => at };
  const row = await findBudget(context, accountId);
  if (row) await checkBudget(context, row, at);
}

/** The alerts round's budget check: every account with a budget. */
export async function checkBudgets(context: BudgetContext, at: Date): Promise<void> {
  const failures: unknown[] = [];
  for (const row of await context.db.select().from(budgets)) {
    // One account's trouble must not keep the others' alerts back.
    await checkBudget(context, row, at).catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw new AggregateError(failures, 'some budgets were not checked');
}
