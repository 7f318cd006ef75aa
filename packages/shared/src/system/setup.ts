import { z } from 'zod';
import { COMMON_MESSAGES, defineMessages, msg } from '../api/messages';
import { emailField, passwordField, SIGNUP_MESSAGES } from '../auth/schemas';
import { ORGANIZATION_MESSAGES } from '../organization/settings';

/** The first run of an installation: the one-time setup link that creates its first super admin. */
export const SETUP_MESSAGES = defineMessages('setup', {
  link_invalid:
    'This setup link is not valid or has expired. Restart the server for a new link, or run npm run create-admin.',
  already_done:
    'This installation is already set up: its setup link was used. Sign in, or run npm run create-admin to add a super admin.',
  too_many: 'Too many setup attempts from your network. Try again in {{minutes}} minute(s).',
});

const text = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: msg(COMMON_MESSAGES.at_most, { max }) });

export const setupTokenSchema = z.object({ token: z.string({ error: SETUP_MESSAGES.link_invalid }) });

/** What the setup page shows before the form: the home organization's current name. */
export const setupCheckSchema = z.object({ organization_name: z.string() });

/** The setup form: names the home organization and creates its first super admin (same password rule as sign-up). */
export const setupCompleteSchema = z.object({
  token: z.string({ error: SETUP_MESSAGES.link_invalid }),
  organization_name: text(ORGANIZATION_MESSAGES.name_required, 160),
  first_name: text(SIGNUP_MESSAGES.first_name_required),
  last_name: text(SIGNUP_MESSAGES.last_name_required),
  email: emailField,
  password: passwordField,
});
export type SetupCompleteInput = z.input<typeof setupCompleteSchema>;
