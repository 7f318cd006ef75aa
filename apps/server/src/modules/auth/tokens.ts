import { createHash, randomBytes } from 'node:crypto';
import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'vahub';

export type AccessClaims = { sub: string; sid: string; org: number };

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
  now: Date,
) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sid, org: claims.org, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

/** A valid token's claims, and when it expires. */
export type VerifyResult =
  | { ok: true; claims: AccessClaims; expiresAt: Date }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(secret: Uint8Array, token: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      // A token without an expiry would never end: refused, like one without its session or user.
      requiredClaims: ['exp', 'iat', 'sub', 'sid', 'org'],
    });
    const { sid, sub, org, exp } = payload;
    if (
      payload.typ !== 'access' ||
      typeof sid !== 'string' ||
      !sid ||
      typeof sub !== 'string' ||
      !/^[1-9][0-9]*$/.test(sub) ||
      typeof org !== 'number' ||
      !Number.isInteger(org)
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { sub, sid, org }, expiresAt: new Date((exp as number) * 1000) };
  } catch (err) {
    return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** A signed, expiring token for a one-purpose link (email verification). */
export async function signPurposeToken(
  secret: Uint8Array,
  purpose: string,
  subject: string,
  extra: Record<string, string>,
  ttlSeconds: number,
  now: Date,
) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...extra, typ: purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

export async function verifyPurposeToken(secret: Uint8Array, purpose: string, token: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    return payload.typ === purpose ? payload : null;
  } catch {
    return null;
  }
}

/** Like `verifyPurposeToken`, telling an expired token from a forged or foreign one. */
export async function readPurposeToken(
  secret: Uint8Array,
  purpose: string,
  token: string,
  now: Date,
): Promise<{ ok: true; payload: JWTPayload } | { ok: false; reason: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    return payload.typ === purpose ? { ok: true, payload } : { ok: false, reason: 'invalid' };
  } catch (err) {
    return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
