export const topName = 'top';
