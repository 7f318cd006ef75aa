/** Initials for a placeholder avatar: first letters of first and last name, else of the email. */
export function initials(firstName?: string | null, lastName?: string | null, email?: string | null): string {
  const letters = [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  if (letters) return letters;
  return email?.trim().charAt(0).toUpperCase() || '?';
}

/** The avatar to show: the uploaded one, or null so the caller renders the initials placeholder. */
export const avatarSource = (url: string | null | undefined): string | null => (url ? url : null);
