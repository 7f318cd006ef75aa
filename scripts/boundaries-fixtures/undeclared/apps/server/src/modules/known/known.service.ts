export const knownName = 'known';
