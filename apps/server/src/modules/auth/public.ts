// The auth module's public API: what other modules may use. Nothing else of this folder is theirs.
export { type AuthContext, authenticate, authenticateToken, liveSessions } from './authenticate';
// Until every route is on `route()`: the guards and auth context of the routes that are not.
export { authOf, type Guards, legacyGuards } from './legacy-guards';
export { hashPassword, verifyPassword } from './passwords';
export { activeSessionCount, revokeUserSessions } from './user-sessions';
