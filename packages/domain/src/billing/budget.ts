import { z } from 'zod';

export const budgetMessages = {
  amount: 'The monthly budget must be a number of CAD above 0 and at most 1,000,000.',
  thresholds:
    'Thresholds must be 1 to 5 whole percentages from 1 to 1000, ascending and without repeats.',
} as const;

export const defaultBudgetThresholds = [50, 80, 100] as const;

/** `PUT /billing/budget`: the account's monthly budget in CAD and the percentages that alert. */
export const budgetInputSchema = z.object({
  monthly_cad: z
    .number({ error: budgetMessages.amount })
    .gt(0, budgetMessages.amount)
    .max(1_000_000, budgetMessages.amount),
  thresholds: z
    .array(
      z
        .number({ error: budgetMessages.thresholds })
        .int(budgetMessages.thresholds)
        .min(1, budgetMessages.thresholds)
        .max(1000, budgetMessages.thresholds),
      { error: budgetMessages.thresholds },
    )
    .min(1, budgetMessages.thresholds)
    .max(5, budgetMessages.thresholds)
    .refine((list) => list.every((value, i) => i === 0 || value > list[i - 1]!), {
      error: budgetMessages.thresholds,
    })
    .optional(),
});

export type BudgetInput = z.infer<typeof budgetInputSchema>;

/** `GET /billing/budget`: null fields when no budget is set; spent and forecast always. */
export const budgetSchema = z.object({
  monthly_cad: z.number().nullable(),
  thresholds: z.array(z.number().int()).nullable(),
  /** The current UTC month, YYYY-MM. */
  month: z.string(),
  /** CAD metered this month so far. */
  spent_cad: z.number(),
  /** Month-to-date cost ÷ the elapsed fraction of the month, in CAD. */
  forecast_cad: z.number(),
  /** Thresholds already reached (and alerted) this month. */
  reached: z.array(z.number().int()),
});

export type Budget = z.infer<typeof budgetSchema>;

/** The forecast: the month's cost so far, spread over the elapsed fraction of the month. */
export function forecastOf(spent: number, at: Date): number {
  const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
  const end = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
  const elapsed = Math.max((at.getTime() - start) / (end - start), 1 / (end - start));
  return Math.round((spent / elapsed) * 100) / 100;
}
