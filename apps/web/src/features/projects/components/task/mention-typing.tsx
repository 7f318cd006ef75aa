import { Paper, Text, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, type RefObject, type SyntheticEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Mentionable, mentionOf } from './mention-picker';

/** The "@name" being typed just before the caret, if any: where its "@" is and what follows it. */
export function typedMention(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|\s)@([^\s@[\]()]{0,40})$/.exec(text.slice(0, caret));
  return match ? { start: caret - match[1].length - 1, query: match[1] } : null;
}

/** The people whose name, or a word of it, starts with what was typed after the "@" (at most 8). */
export function matchingPeople(people: Mentionable[], query: string): Mentionable[] {
  const q = query.toLocaleLowerCase();
  return people
    .filter((p) => {
      const name = p.name.toLocaleLowerCase();
      return name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
    })
    .slice(0, 8);
}

/**
 * Typing "@" (and letters after it) in a comment offers the same people as the Mention menu: ArrowUp/ArrowDown
 * move through them, Enter or Tab inserts the same `@[Name](#user-12)`, Escape closes the list (only the list: the
 * drawer around it stays). `inputProps` go on the textarea; `list` is rendered under it.
 */
export function useMentionTyping({
  people,
  value,
  onChange,
  textarea,
}: {
  people: Mentionable[];
  value: string;
  onChange: (value: string) => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation('projects');
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // The "@" whose list Escape closed: it stays closed until another "@" is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const typed = caret === null ? null : typedMention(value, caret);
  const options = typed ? matchingPeople(people, typed.query) : [];
  const open = typed !== null && options.length > 0 && dismissed !== typed.start;
  const index = Math.min(active, options.length - 1);

  const track = (e: SyntheticEvent<HTMLTextAreaElement>) => {
    const at = e.currentTarget.selectionStart;
    if (at !== caret) setActive(0);
    setCaret(at);
  };
  const choose = (person: Mentionable) => {
    if (!typed || caret === null) return;
    const mention = mentionOf(person);
    const next = `${value.slice(0, typed.start)}${mention} ${value.slice(caret)}`;
    const at = typed.start + mention.length + 1;
    onChange(next);
    setCaret(at);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(at, at);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || !typed) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((index + step + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(options[index]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDismissed(typed.start);
    }
  };
  const optionId = (person: Mentionable) => `${listId}-${person.id}`;

  return {
    open,
    inputProps: {
      onKeyDown,
      onInput: track,
      onSelect: track,
      onClick: track,
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(options[index]) : undefined,
      // Read by a surrounding Drawer or Modal: while the list is open, Escape is the list's.
      'data-mantine-stop-propagation': open || undefined,
    },
    list: open ? (
      <Paper
        withBorder
        shadow="sm"
        p={4}
        role="listbox"
        id={listId}
        aria-label={t('comments.mentionWho')}
        // In a drawer the list may open below the fold: brought into view as it opens and changes.
        ref={(el: HTMLDivElement | null) => el?.scrollIntoView?.({ block: 'nearest' })}
      >
        {options.map((person, i) => (
          <UnstyledButton
            key={person.id}
            id={optionId(person)}
            role="option"
            aria-selected={i === index}
            tabIndex={-1}
            display="block"
            w="100%"
            px="xs"
            py={4}
            bg={i === index ? 'var(--mantine-primary-color-light)' : undefined}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            // Keeps the caret in the textarea: the choice is made on the press.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(person);
            }}
          >
            <Text size="sm">{person.name}</Text>
          </UnstyledButton>
        ))}
      </Paper>
    ) : null,
  };
}
