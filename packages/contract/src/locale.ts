/**
 * The platform's formatting defaults (DESIGN section 6: money formatted for en-US). They are
 * settings of the product, not of a site identity: every identity is written in English.
 */
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
