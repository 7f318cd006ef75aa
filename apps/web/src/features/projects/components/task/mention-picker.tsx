import { Button, Menu } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

export type Mentionable = { id: number; name: string };

/** A mention as the server reads it (`MENTION_PATTERN`): the name without brackets or line breaks, at most 100. */
export const mentionOf = (person: Mentionable) =>
  `@[${
    person.name
      .replace(/[[\]\n\r]/g, ' ')
      .trim()
      .slice(0, 100) || String(person.id)
  }](#user-${person.id})`;

/** The text with `insert` put where the selection was (a space before it unless at a line's start). */
export function insertAt(text: string, start: number, end: number, insert: string) {
  const before = text.slice(0, start);
  const spaced = before === '' || /\s$/.test(before) ? insert : ` ${insert}`;
  const value = `${before}${spaced} ${text.slice(end)}`;
  return { value, caret: before.length + spaced.length + 1 };
}

/**
 * "Mention": inserts `@[Name](#user-12)` at the caret of a comment, from the people who may see the task (the
 * board's assignees and the client); the server notifies them.
 */
export function MentionPicker({
  people,
  textarea,
  value,
  onChange,
}: {
  people: Mentionable[];
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('projects');
  const insert = (person: Mentionable) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = insertAt(value, start, end, mentionOf(person));
    onChange(next.value);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconAt size={14} aria-hidden />}
          disabled={people.length === 0}
        >
          {t('comments.mention')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('comments.mentionWho')}</Menu.Label>
        {people.map((p) => (
          <Menu.Item key={p.id} onClick={() => insert(p)}>
            {p.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
