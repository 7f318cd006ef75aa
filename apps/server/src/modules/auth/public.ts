// The auth module's public API: what other modules may use. Nothing else of this folder is theirs.

// Erasure (issue 33): the data-rights module.
export { endAllAccessOf } from './auth.data-rights';
export {
  type AuthContext,
  authenticate,
  authenticateSocketToken,
  authenticateToken,
  liveSessions,
} from './authenticate';
export { type SessionMeta, startSession } from './session-start';
export { signPurposeToken, verifyPurposeToken } from './tokens';
