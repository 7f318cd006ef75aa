export const bName = 'b';
