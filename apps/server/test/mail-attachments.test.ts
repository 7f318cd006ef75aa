import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from './background';
import { FakeSmtp } from './fake-smtp';
import { createHarness, type Harness } from './harness';

// Mail with attachments (issue 30: an invoice's PDF): kept in the outbox row, sent through SMTP by the mail job
// with the same bytes, listed (name, type, size) in the super admin's outbox.

let h: Harness;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await FakeSmtp.start();
  h = await createHarness({ SMTP_URL: smtp.url, MAIL_RETRY_LIMIT: '1', MAIL_RETRY_DELAY_SECONDS: '0' });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.reset();
  await h.reset();
  await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
});

describe('attachments', () => {
  it('travel with the mail through the outbox and the SMTP job, and show in the outbox', async () => {
    const pdf = Buffer.from('%PDF-1.3\nan invoice\n%%EOF\n');
    await h.deps.mailer.send({
      to: 'claire@acme.test',
      subject: 'Invoice INV-2026-0001',
      text: 'Attached.',
      attachments: [{ filename: 'INV-2026-0001.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const received = await eventually('the mail at the SMTP server', async () => smtp.received[0] ?? null);
    expect(received.to).toEqual(['claire@acme.test']);
    expect(received.data).toContain('Content-Type: application/pdf; name=INV-2026-0001.pdf');
    expect(received.data).toContain('filename=INV-2026-0001.pdf');
    expect(received.data.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));

    const res = await h.app.inject({
      url: '/api/v1/super-admin-access/outbox',
      headers: await h.bearer('root@home.test'),
    });
    expect(res.json().data[0]).toMatchObject({
      to: 'claire@acme.test',
      attachments: [{ filename: 'INV-2026-0001.pdf', content_type: 'application/pdf', size: pdf.length }],
    });
  });

  it('a mail without attachments has none', async () => {
    await h.deps.mailer.send({ to: 'a@acme.test', subject: 'Hi', text: 'Plain.' });
    const received = await eventually('the mail at the SMTP server', async () => smtp.received[0] ?? null);
    expect(received.data).not.toContain('Content-Disposition: attachment');
  });
});
