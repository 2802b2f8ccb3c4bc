import { z } from 'zod';

/*
 * The owner's in-app review (decision 022): how long we wait for the owner to confirm they
 * sent it before the one reminder e-mail. Parsed here and spread into the environment schema
 * of env.ts.
 */

export interface OwnerReviewConfig {
  /** Hours after the request without a confirmation before the owner is reminded (once). */
  reminderAfterHours: number;
}

export const DEFAULT_OWNER_REVIEW_REMINDER_HOURS = 24;

export const ownerReviewEnvShape = {
  OWNER_REVIEW_REMINDER_HOURS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of hours')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(720, 'must be at most 720 (30 days)'))
    .optional(),
};

export function toOwnerReviewConfig(env: {
  OWNER_REVIEW_REMINDER_HOURS?: number | undefined;
}): OwnerReviewConfig {
  return {
    reminderAfterHours: env.OWNER_REVIEW_REMINDER_HOURS ?? DEFAULT_OWNER_REVIEW_REMINDER_HOURS,
  };
}
