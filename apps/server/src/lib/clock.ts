/** Injected time source so rules and tests agree on "now". */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
