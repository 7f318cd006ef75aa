// The auth module's public API: what other modules may use. Nothing else of this folder is theirs.

export { type AuthContext, authenticate, authenticateToken, liveSessions } from './authenticate';
export { createInvitation, type Invitation } from './invitations';
export { assertPasswordAllowed, hashPassword, passwordProblems, verifyPassword } from './passwords';
export { type SessionMeta, startSession } from './session-start';
export { signPurposeToken, verifyPurposeToken } from './tokens';
export { activeSessionCount, revokeUserSessions } from './user-sessions';

// app.ts: the module itself, to register it. Imported last, after what other modules use of this file: its
// routes and services reach other modules' public APIs, and some of those come back here while loading.
import { authModule } from './auth.module';

export { authModule };
