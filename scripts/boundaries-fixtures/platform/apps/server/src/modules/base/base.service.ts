export const baseName = 'base';
