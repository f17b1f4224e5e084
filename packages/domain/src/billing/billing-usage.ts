import { z } from 'zod';

/** What a usage line bills: a smart-cluster member or a Heat stack. */
export const usageTypes = ['cluster', 'stack'] as const;
export type UsageType = (typeof usageTypes)[number];

export const billingCurrency = 'CAD' as const;

/** Every line is billed per node and per hour (spec "Business constants and limits": the unit is hour). */
export const usageUnit = 'hour' as const;

// Years 2000–2999: the calendar a bill can be about, and dates PostgreSQL and JS agree on.
const monthPattern = /^2\d{3}-(0[1-9]|1[0-2])$/;

/** `GET /billing/usage` query: a UTC calendar month; absent, the current one. */
export const billingUsageQuerySchema = z.object({
  month: z
    .string()
    .regex(monthPattern, 'Month must read YYYY-MM, from 2000-01 to 2999-12')
    .optional(),
});

export type BillingUsageQuery = z.infer<typeof billingUsageQuerySchema>;

/** One line of the usage table (spec "Entities and their fields" Billing usage). */
export const billingUsageLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(usageTypes),
  project_region: z.string(),
  /** Nodes billed: masters + minions of a member cluster, 1 for a stack. */
  quantity: z.number().int(),
  unit: z.literal(usageUnit),
  /** Seconds the resource ran within the month. */
  uptime: z.number().int(),
  /** CAD per node-hour. */
  rate: z.number(),
  /** CAD, rounded to cents. */
  total: z.number(),
});

export type BillingUsageLine = z.infer<typeof billingUsageLineSchema>;

export const billingUsageDaySchema = z.object({
  /** A UTC day, YYYY-MM-DD. */
  day: z.string(),
  /** CAD accrued that day, rounded to cents. */
  total: z.number(),
});

export type BillingUsageDay = z.infer<typeof billingUsageDaySchema>;

/** `GET /billing/usage`: the month's lines, their total, and the cost accrued per day. */
export const billingUsageSchema = z.object({
  month: z.string(),
  currency: z.literal(billingCurrency),
  entities: z.array(billingUsageLineSchema),
  total: z.number(),
  days: z.array(billingUsageDaySchema),
});

export type BillingUsage = z.infer<typeof billingUsageSchema>;
