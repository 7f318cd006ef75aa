export const lowName = 'low';
