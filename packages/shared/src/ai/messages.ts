import { defineMessages } from '../api/messages';

/** What the AI reports API and screens say (see `api/messages.ts`). */
export const AI_MESSAGES = defineMessages('ai', {
  name_required: 'The name is required.',
  template_required: 'The template is required.',
  note_required: 'Write a note.',
  turned_off: 'AI reports are turned off for this organization.',
  batch_too_big: 'A batch takes at most {{max}} attendances; choose a shorter period.',
});
