// Moved to the auth module (modules/auth/public.ts). Kept only for the people and organizations files that
// still import it from here; delete it once nothing does.
export { type AuthContext, authOf, type Guards } from '../modules/auth/public';
