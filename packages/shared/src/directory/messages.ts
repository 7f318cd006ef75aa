import { defineMessages } from '../api/messages';

/** The directory (LDAP): links, sign-in through it, the sync. */
export const DIRECTORY_MESSAGES = defineMessages('directory', {
  not_configured:
    'No directory (LDAP) is set up on this installation: ask whoever runs it to set LDAP_URL and the service account.',
  unavailable: 'The directory (LDAP) could not be reached. Try again in a minute.',
  refused: 'The directory refused the change: {{reason}}',
  service_refused:
    'The directory refused the service account: check LDAP_BIND_DN and LDAP_BIND_PASSWORD on the server.',
  entry_not_found: 'No directory entry has this DN.',
  entry_exists: 'The directory already has an entry for this person ({{dn}}).',
  dn_linked_elsewhere: 'This directory entry is already linked to another user ({{name}}).',
  not_linked: 'This user is not linked to a directory entry.',
  already_linked: 'This user is already linked to a directory entry: unlink it first.',
  no_sign_in: 'Sign-in through the directory is not set up on this server; ask your admin.',
  current_password_wrong: 'The current password is wrong.',
});
