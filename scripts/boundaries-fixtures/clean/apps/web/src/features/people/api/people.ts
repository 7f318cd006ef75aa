export const people = 'people';
