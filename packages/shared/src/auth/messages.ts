import { defineMessages } from '../api/messages';

// No zod here: the sign-in page says these messages, and zod would double its script.

/** The spec's sign-up messages (section 5), word for word, typos included; then the sign-up's own. */
export const SIGNUP_MESSAGES = defineMessages('signup', {
  company_required: 'Company name is required',
  name_required: 'Your first name is required',
  first_name_required: 'Your first name is required',
  last_name_required: 'Your last name is required',
  email_required: 'Enter your email, it will be required to login',
  email_invalid: 'Please, enter a valid email',
  password_required: 'Enter your password with at least 8 characters, it will be required to login',
  password_too_short: 'The password should contains at leat 8 characters',
  confirmation_required: 'Please, confirm your password',
  confirmation_mismatch: 'The password does not match',
  email_taken: 'This email is already registered. Sign in instead, or use another email.',
  timezone_invalid: 'Choose a valid time zone',
  registered: 'Your account was created. Check your inbox to verify your email.',
  registered_ready: 'Your account was created. You can sign in now.',
  closed: 'Registration is closed on this installation.',
  too_many: 'Too many sign-ups from your network. Try again in {{minutes}} minute(s).',
});

/** Signing in, sessions and email verification. */
export const AUTH_MESSAGES = defineMessages('auth', {
  email_required: 'Enter your email',
  password_required: 'Enter your password',
  unsupported_grant: 'Use the password grant, or the device code grant for the desktop agent',
  invalid_client: 'Client authentication failed.',
  invalid_grant: 'The email or password is incorrect.',
  account_inactive: 'This account is not active. Contact your administrator.',
  too_many_sign_ins: 'Too many failed sign-in attempts. Try again in {{minutes}} minute(s).',
  sign_in_required: 'Sign in to continue.',
  session_expired: 'Your session has expired. Please sign in again.',
  session_invalid: 'Your session is not valid. Please sign in again.',
  session_ended: 'Your session has ended. Please sign in again.',
  session_reused: 'This session was signed out for your safety. Please sign in again.',
  not_active: 'Your account is not active.',
  no_access: 'You do not have access to this area.',
  already_verified: 'Your email is already verified.',
  verification_sent: 'A new verification link is on its way to your inbox.',
  password_is_email: 'The password must not be your email address or its name part.',
  password_common: 'This password is one of the most common ones. Choose one that is harder to guess.',
  email_not_verified: 'Verify your email address to continue: open the link we mailed you.',
  organization_suspended:
    'The subscription of your organization is not active. An administrator of your organization must choose a plan.',
  tracker_va_only: 'The tracker signs in VAs only. Sign in to the web app instead.',
  tracker_only: 'A tracker session may only track time. Open the web app for this.',
});

/** The verification mail (English; the catalog gives each line a code for mails in other languages). */
export const MAIL_MESSAGES = defineMessages('mail', {
  verify_subject: 'Verify your email for {{app}}',
  verify_greeting: 'Hello {{name}},',
  verify_open_link: 'Confirm your email address by opening this link:',
  verify_button: 'Confirm your email address',
  verify_expiry: 'The link expires in {{hours}} hour(s). If you did not create an account, ignore this mail.',
  account_exists_subject: 'Someone tried to sign up to {{app}} with your email',
  account_exists_text:
    'Someone, maybe you, tried to create a new account with this email address. You already have an account: sign in here.',
  account_exists_button: 'Sign in',
  account_exists_ignore: 'If it was not you, ignore this mail: nothing was changed.',
});

/**
 * Sign-in by OpenID Connect. The callback sends the browser back to the sign-in page with `?sso_error=<key>`; the
 * page says the message of that key (`errors:sso.<key>`).
 */
export const SSO_MESSAGES = defineMessages('sso', {
  not_configured: 'Single sign-on is not set up on this installation: sign in with your email and password.',
  state_mismatch:
    'This sign-in could not be checked: it expired or was started in another window. Please try again.',
  email_unverified:
    'Your sign-in provider has not verified your email address, so it cannot be matched to an account here. Verify it at the provider, or sign in with your password.',
  email_missing: 'Your sign-in provider did not tell us your email address, so no account can be matched.',
  no_account: 'No account here has this email address. Ask your administrator to invite you.',
  no_seat: 'Your organization has no free seat for a new user. Ask your administrator.',
  inactive:
    'This account is not active, so it cannot sign in with single sign-on. Contact your administrator.',
  refused: 'The sign-in provider refused the sign-in.',
  unavailable: 'The sign-in provider cannot be reached right now. Please try again later.',
  invalid_response: 'The sign-in provider’s answer could not be verified. Please try again.',
  code_invalid: 'This sign-in has expired or was already used. Please sign in again.',
});
export type SsoErrorKey = keyof typeof SSO_MESSAGES;
