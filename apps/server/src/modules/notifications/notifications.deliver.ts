import { MAIL_EVENTS, type MailEvent } from '@vahub/shared/notifications/schemas';
import type { Deps } from '../../lib/types';
import type { DomainEvent } from '../../platform/events/types';
import type { UnitOfWork } from '../../platform/transaction';
import type { Plan } from './notifications.plans';
import { insertNotifications, mailChoicesOf } from './notifications.repository';
import type { Text } from './notifications.texts';

/** One notification to one user, composed for them. */
export type Outgoing = { userId: number; email: string; text: Text; link: string };

const isMailEvent = (type: string): type is MailEvent => (MAIL_EVENTS as readonly string[]).includes(type);

/** The mail: the title, the body, and the page it is about. */
const mailText = (text: Text, app: string, url: string) =>
  `${text.title}\n\n${text.body}\n\nOpen it in ${app}: ${url}\n`;

/**
 * Writes one event's notifications in the consumer's transaction, queues their mails in it (unless the user
 * turned that event's mail off) and pushes each to its user's sockets once it commits. A redelivered event
 * writes nothing new, so it neither mails nor pushes again.
 */
export async function deliver(
  deps: Pick<Deps, 'clock' | 'config' | 'mailer' | 'realtime'>,
  uow: UnitOfWork,
  event: DomainEvent,
  plan: Plan,
  outgoing: Outgoing[],
) {
  const now = deps.clock.now();
  const written = await insertNotifications(
    uow.tx,
    outgoing.map((o) => ({
      organizationId: event.organizationId,
      userId: o.userId,
      type: plan.type,
      title: o.text.title,
      body: o.text.body,
      data: { ...plan.data, link: o.link },
      vaId: plan.vaId,
      sourceEventId: event.id,
      createdAt: now,
    })),
  );
  if (!written.length) return;
  const byUser = new Map(outgoing.map((o) => [o.userId, o]));
  if (isMailEvent(plan.type)) {
    const choices = await mailChoicesOf(
      uow.tx,
      written.map((w) => w.userId),
    );
    for (const w of written) {
      const o = byUser.get(w.userId);
      if (!o?.email || choices.get(w.userId)?.[plan.type] === false) continue;
      await deps.mailer.queue(uow, {
        to: o.email,
        subject: o.text.title,
        text: mailText(o.text, deps.config.APP_NAME, `${deps.config.appUrl}${o.link}`),
      });
    }
  }
  for (const w of written)
    deps.realtime.publishAfterCommit(
      uow,
      { type: 'notification', data: { id: w.id, type: plan.type, title: w.title } },
      { userIds: [w.userId] },
    );
}
