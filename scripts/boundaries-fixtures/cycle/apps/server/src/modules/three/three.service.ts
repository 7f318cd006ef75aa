export const threeName = 'three';
