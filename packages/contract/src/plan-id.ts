import { z } from 'zod';
import { planIds } from './plans';

/**
 * The plan id as the API accepts it. Apart from plans.ts so that screens showing the plans
 * (the home page) load the catalogue without zod.
 */
export const planIdSchema = z.enum(planIds);
