export const baseModule = { name: 'base' };
