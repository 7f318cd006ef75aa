import { z } from 'zod';
import { defineMessages } from '../api/messages';

/**
 * What the account endpoints (own profile, own password, avatars) say. The password schema of
 * `auth/schemas.ts` speaks `current_password_required` too: the catalog maps a text to one code, so both
 * say it the same way.
 */
export const ACCOUNT_MESSAGES = defineMessages('account', {
  current_password_required: 'Enter your current password',
  current_password_wrong: 'Your current password is not correct.',
  same_password: 'Choose a password different from the current one.',
  avatar_missing: 'Choose an image to upload.',
  avatar_too_large: 'The avatar must be at most {{max}} MB.',
  avatar_type: 'The avatar must be a PNG, JPEG, WebP or GIF image.',
  avatar_unreadable: 'This file could not be read as an image.',
  avatar_multipart: 'Send the avatar as multipart/form-data in the field "avatar".',
  avatar_not_found: 'Avatar not found.',
  avatar_svg: 'SVG images are not accepted. Upload a PNG, JPEG, WebP or GIF image.',
});

/** `POST upload/user/{id}/avatar`: where the new avatar is served. */
export const avatarResultSchema = z.object({ avatar_url: z.string() });

/** `GET files/avatars/{name}`: a stored avatar's file name. */
export const avatarFileParamsSchema = z.object({ name: z.string() });
