export const aName = 'a';
