import { z } from 'zod';
import { nameSchema } from './route';

const cents = z.number().int().min(0).max(100_000_000);

/** A subscription plan: its price per interval and the lead credits it grants each period. */
export const planSchema = z.strictObject({
  id: nameSchema,
  name: z.string().min(1).max(60),
  priceCents: cents,
  interval: z.enum(['month', 'year']),
  monthlyCredits: z.number().int().min(0).max(10_000),
  features: z.array(z.string().min(1).max(120)).max(20),
});

/** A pack of lead credits bought once. */
export const creditPackSchema = z.strictObject({
  id: nameSchema,
  credits: z.number().int().min(1).max(10_000),
  priceCents: cents,
});

/**
 * `schemas/plans.json`: what vendors pay for, in one currency, and the credits a new business
 * starts with (docs/marketplace.md). Money is integer cents.
 */
export const plansFileSchema = z.strictObject({
  $schema: z.string().optional(),
  currency: z.string().regex(/^[a-z]{3}$/, 'an ISO 4217 code in lower case, like "usd"'),
  trialCredits: z.number().int().min(0).max(1_000),
  plans: z.array(planSchema).min(1),
  creditPacks: z.array(creditPackSchema),
});

/** `GET /api/config/plans` (docs/architecture.md: Config API): each plan and pack carries the currency. */
export const plansResponseSchema = z.object({
  plans: z.array(planSchema.extend({ currency: z.string() })),
  creditPacks: z.array(creditPackSchema.extend({ currency: z.string() })),
  trialCredits: z.number().int(),
});

export type PlansFile = z.infer<typeof plansFileSchema>;
export type PlansResponse = z.infer<typeof plansResponseSchema>;
