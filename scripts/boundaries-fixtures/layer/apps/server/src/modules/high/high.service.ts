export const highName = 'high';
