// The auth module's public API: what other modules may use. Nothing else of this folder is theirs.

export {
  type AuthContext,
  authenticate,
  authenticateSocketToken,
  authenticateToken,
  liveSessions,
} from './authenticate';
export { type SessionMeta, startSession } from './session-start';
export { signPurposeToken, verifyPurposeToken } from './tokens';
