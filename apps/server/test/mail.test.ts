import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { MAIL_QUEUE } from '../src/modules/mail/mail.worker';
import { eventually, jobReaching } from './background';
import { FakeSmtp } from './fake-smtp';
import { createHarness, type Harness } from './harness';

let h: Harness;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await FakeSmtp.start();
  h = await createHarness({ SMTP_URL: smtp.url, MAIL_RETRY_LIMIT: '2', MAIL_RETRY_DELAY_SECONDS: '0' });
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

const mails = () => h.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

const mailReaching = (to: string, status: 'sent' | 'failed') =>
  eventually(`the mail to ${to} to be ${status}`, async () => {
    const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return row?.status === status ? row : null;
  });

async function outbox() {
  const res = await h.app.inject({
    url: '/api/v1/super-admin-access/outbox',
    headers: await h.bearer('root@home.test'),
  });
  return res.json().data as Array<Record<string, unknown>>;
}

describe('mail through jobs', () => {
  it('a registration answers without waiting for SMTP; the verification mail arrives afterwards', async () => {
    smtp.hold();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: {
        company_name: 'Acme Staffing',
        first_name: 'Rosa',
        last_name: 'Diaz',
        email: 'rosa@acme.test',
        password: 'longenough1',
        password_confirmation: 'longenough1',
        timezone: 'Asia/Manila',
      },
    });
    expect(res.statusCode).toBe(201);
    // The SMTP server has not even greeted yet: the mail waits in the outbox.
    expect(await mails()).toEqual([expect.objectContaining({ to: 'rosa@acme.test', status: 'queued' })]);
    expect(smtp.received).toEqual([]);

    smtp.release();
    const sent = await mailReaching('rosa@acme.test', 'sent');
    expect(sent).toMatchObject({ attempts: 1, error: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['rosa@acme.test']);
    expect(smtp.received[0].data).toContain('/api/v1/email/verify?token=');
    expect(await outbox()).toEqual([
      expect.objectContaining({
        to: 'rosa@acme.test',
        status: 'sent',
        attempts: 1,
        sent_at: expect.any(String),
      }),
    ]);
  });

  it('a refused mail is retried and sent on a later attempt', async () => {
    smtp.failNext(1, 'RCPT', '451 4.3.0 Mailbox busy, try again later');
    await h.deps.mailer.send({ to: 'later@x.test', subject: 'Hello', text: 'body' });
    const sent = await mailReaching('later@x.test', 'sent');
    expect(sent.attempts).toBe(2);
    expect(smtp.received.map((m) => m.to)).toEqual([['later@x.test']]);
  });

  it('a mail refused on every attempt ends failed, with the error and attempts in the outbox', async () => {
    smtp.failNext(3, 'MAIL', '451 4.3.0 Try again later');
    await h.deps.mailer.send({ to: 'never@x.test', subject: 'Hello', text: 'body' });
    const failed = await mailReaching('never@x.test', 'failed');
    expect(failed.attempts).toBe(3);
    expect(failed.error).toContain('451 4.3.0 Try again later');
    expect(failed.sentAt).toBeNull();
    expect(smtp.received).toEqual([]);
    expect(await outbox()).toEqual([
      expect.objectContaining({
        to: 'never@x.test',
        status: 'failed',
        attempts: 3,
        error: expect.stringContaining('451'),
        sent_at: null,
      }),
    ]);
  });

  it('a mail queued in a transaction that rolls back is never recorded nor sent', async () => {
    await expect(
      h.deps.transaction(async (uow) => {
        await h.deps.mailer.queue(uow, { to: 'lost@x.test', subject: 'Lost', text: 'body' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await h.deps.transaction((uow) =>
      h.deps.mailer.queue(uow, { to: 'kept@x.test', subject: 'Kept', text: 'body' }),
    );
    await mailReaching('kept@x.test', 'sent');
    expect((await mails()).map((m) => m.to)).toEqual(['kept@x.test']);
    expect(smtp.received.map((m) => m.to)).toEqual([['kept@x.test']]);
  });

  it('a second job for a mail already sent sends nothing', async () => {
    await h.deps.mailer.send({ to: 'once@x.test', subject: 'Once', text: 'body' });
    const sent = await mailReaching('once@x.test', 'sent');
    const again = await h.deps.jobs.send(null, MAIL_QUEUE, { mail_id: sent.id });
    await jobReaching(h.db, again!, 'completed');
    expect(smtp.received).toHaveLength(1);
    expect((await mails())[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
