import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailTransport } from '../src/platform/mail-transport/create-mail-transport';
import { MailTransportError } from '../src/platform/mail-transport/types';
import { FakeSmtp } from './fake-smtp';

// The platform's mail transport on its own; test/mail.test.ts covers the outbox and its job around it.
const mail = { from: 'VA Hub <no-reply@home.test>', to: 'rosa@acme.test', subject: 'Hello', text: 'body' };

describe('the mail transport the configuration picks', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await FakeSmtp.start();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(() => smtp.reset());

  it('with SMTP_URL: SMTP, which hands the mail to the server', async () => {
    const transport = createMailTransport({ SMTP_URL: smtp.url }, { info: () => {} });
    expect(transport).toMatchObject({ driver: 'smtp', delivers: true });
    const { messageId } = await transport.send(mail);
    expect(messageId).toMatch(/^<.+@.+>$/);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@home.test', to: ['rosa@acme.test'] });
    expect(smtp.received[0].data).toContain('Subject: Hello');
  });

  it("a refusal is a MailTransportError carrying the server's reply", async () => {
    smtp.failNext(1, 'RCPT', '451 4.3.0 Mailbox busy, try again later');
    const transport = createMailTransport({ SMTP_URL: smtp.url }, { info: () => {} });
    const refused = await transport.send(mail).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(MailTransportError);
    expect((refused as Error).message).toContain('451 4.3.0 Mailbox busy');
    expect(smtp.received).toEqual([]);
  });

  it('without SMTP_URL: the log, which sends nothing and writes the mail there', async () => {
    const logged: unknown[][] = [];
    const transport = createMailTransport(
      { SMTP_URL: undefined },
      { info: (...args: unknown[]) => logged.push(args) },
    );
    expect(transport).toMatchObject({ driver: 'log', delivers: false });
    await transport.send(mail);
    expect(logged).toEqual([
      [
        { mail: { to: 'rosa@acme.test', subject: 'Hello' }, text: 'body' },
        'mail kept in outbox (no SMTP_URL)',
      ],
    ]);
    expect(smtp.received).toEqual([]);
  });
});
