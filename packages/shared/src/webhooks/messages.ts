import { defineMessages } from '../api/messages';

/** What the webhooks API and screens say (see `api/messages.ts`). */
export const WEBHOOK_MESSAGES = defineMessages('webhooks', {
  url_invalid: 'Enter a full URL such as https://example.com/hooks.',
  url_https: 'The URL must start with https://.',
  url_private:
    'This address is private, loopback or link-local, so the server will not call it (server-side request forgery).',
  url_unresolved: 'This host name could not be resolved.',
  events_required: 'Choose at least one event.',
  disabled: 'This endpoint is switched off; switch it on first.',
});
