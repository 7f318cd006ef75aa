import { sql } from 'drizzle-orm';
import { holdsAny, replacedText } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { mailOutbox } from './mail.table';

// Erasure (issue 33): the outbox forgets the mails sent to an erased person, and their name and email leave the
// others' mails.

export async function eraseFromOutbox(
  tx: Tx,
  email: string,
  needles: string[],
  alias: string,
): Promise<void> {
  const m = mailOutbox;
  await tx.delete(m).where(sql`lower(${m.to}) = lower(${email})`);
  await tx
    .update(m)
    .set({
      subject: replacedText(m.subject, needles, alias),
      text: replacedText(m.text, needles, alias),
      html: replacedText(m.html, needles, alias),
    })
    .where(holdsAny([m.subject, m.text, m.html], needles));
}
