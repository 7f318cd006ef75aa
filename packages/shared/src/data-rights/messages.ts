import { defineMessages } from '../api/messages';

/** What the data export and erasure API and screens say (issue 33; see `api/messages.ts`). */
export const DATA_RIGHTS_MESSAGES = defineMessages('data_rights', {
  export_not_found: 'This export does not exist or has expired.',
  confirm_name_mismatch: "Type the person's full name exactly as shown to confirm.",
  erase_self: 'You cannot erase your own personal data.',
  already_erased: "This person's personal data was already erased.",
  export_failed: 'The export failed. Try again later.',
  super_admin_only: 'Only a super admin can erase a super admin.',
});
