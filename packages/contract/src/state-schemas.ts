import { z } from 'zod';
import { caseStates } from './case-states';
import { paymentStates } from './payment-states';

/**
 * The schemas of the two state lists, apart from the lists and their texts: the payment-status
 * screen (the checkout's way back) names states without validating them, and a shared chunk
 * holding these would bring zod along (see docs/decisions/005 and 008).
 */
export const caseStateSchema = z.enum(caseStates);
export const paymentStateSchema = z.enum(paymentStates);
