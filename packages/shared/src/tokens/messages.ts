import { defineMessages } from '../api/messages';

/** What the API tokens and calendar feeds say (see `api/messages.ts`). */
export const TOKEN_MESSAGES = defineMessages('tokens', {
  name_required: 'Give the token a name.',
  scopes_required: 'Choose at least one scope.',
  expiry_in_past: 'The expiry must be in the future.',
  expiry_too_far: 'A token expires within {{days}} days at most.',
  token_invalid: 'This API token is not valid.',
  token_expired: 'This API token has expired.',
  token_revoked: 'This API token was revoked.',
  read_only: 'This API token may only read (GET); create a token with the write scope.',
  session_required: 'API tokens cannot manage API tokens or calendar feeds: sign in to do this.',
  rate_limited: 'Too many requests with this API token; try again in {{seconds}} seconds.',
  not_found: 'API token not found.',
  feed_not_found: 'Calendar feed not found.',
});
