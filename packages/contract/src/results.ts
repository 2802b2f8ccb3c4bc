import { z } from 'zod';
import { planIdSchema } from './plan-id';

/*
 * `GET /api/results`: the public outcome figures (issue 12, docs/decisions/019). Every figure
 * is computed from the case timeline over a stated period; one whose sample is below the
 * configured minimum is sent as "not enough cases yet" with the sample it had, never as a
 * number, so a screen cannot show a figure the data does not support.
 */

const countSchema = z.number().int().nonnegative();

/** A figure: its value, or why there is none (the sample is below the minimum). */
export const resultFigureSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('value'),
    value: z.number().nonnegative(),
    sampleSize: countSchema,
  }),
  z.object({
    status: z.literal('not_enough_cases'),
    sampleSize: countSchema,
    minimumSample: countSchema,
  }),
]);
export type ResultFigure = z.infer<typeof resultFigureSchema>;

/** The figures of one group of cases (one plan, or all of them). */
export const resultFiguresSchema = z.object({
  /** Paid cases whose work ended (unbanned, denied or not eligible) within the period. */
  casesClosed: countSchema,
  /** Share (0..1) of the closed cases that ended unbanned. */
  unbannedShare: resultFigureSchema,
  /** Share (0..1) of the closed cases whose refund the payment provider has confirmed. */
  refundedShare: resultFigureSchema,
  /** Seconds from the confirmed payment to the outcome: median and 90th percentile. */
  medianSecondsToOutcome: resultFigureSchema,
  p90SecondsToOutcome: resultFigureSchema,
  /** Share (0..1) of the plan's reply deadlines decided in the period that were kept. */
  onTimeReplyShare: resultFigureSchema,
});
export type ResultFigures = z.infer<typeof resultFiguresSchema>;

export const resultsResponseSchema = z.object({
  period: z.object({
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    days: z.number().int().positive(),
  }),
  /** Below this many cases (or deadlines) a figure is withheld. */
  minimumSample: z.number().int().positive(),
  overall: resultFiguresSchema,
  plans: z.array(z.object({ plan: planIdSchema, figures: resultFiguresSchema })),
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;
