export const strayName = 'stray';
