/**
 * A user's clock: '12h' (9:00 AM), '24h' (09:00), or null for their language's habit. Zod-free: the web's
 * formatter (in every page's first script) reads it.
 */
export const TIME_FORMATS = ['12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
