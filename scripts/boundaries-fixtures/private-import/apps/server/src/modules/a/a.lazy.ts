export const load = () => import('../b/b.service');
