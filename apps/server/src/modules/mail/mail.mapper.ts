import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { iso } from '../../lib/clock';
import type { MailRow } from './mail.repository';

export const toOutboxMail = (m: MailRow): OutboxMail => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  attachments: m.attachments.map((a) => ({
    filename: a.filename,
    content_type: a.content_type,
    size: Buffer.byteLength(a.content_base64, 'base64'),
  })),
  status: m.status,
  error: m.error,
  attempts: m.attempts,
  sent_at: iso(m.sentAt),
  created_at: iso(m.createdAt) ?? '',
});
