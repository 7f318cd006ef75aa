export const table = 'table';
