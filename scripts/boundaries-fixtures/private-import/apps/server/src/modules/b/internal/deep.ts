export const deep = 'deep';
