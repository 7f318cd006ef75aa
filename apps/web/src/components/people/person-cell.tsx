import { Anchor, Avatar, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { avatarSource, initials } from '../../lib/format/avatar';

/** A person in a list: avatar (or initials), name, email below. */
export function PersonCell({
  name,
  email,
  avatarUrl,
  link,
}: {
  name: string;
  email?: string;
  avatarUrl?: string | null;
  /** The name as a link, instead of plain text. */
  link?: ReactNode;
}) {
  const [first, ...rest] = name.split(' ');
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={avatarSource(avatarUrl)} radius="xl" size={32} alt="">
        {initials(first, rest.join(' '), email)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        {link ?? <Text size="sm">{name}</Text>}
        {email && (
          <Text size="xs" c="dimmed">
            {email}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** A person's avatar, name linked to their page, and email. */
export function PersonLink({
  name,
  email,
  avatarUrl,
  to,
}: {
  name: string;
  email?: string;
  avatarUrl?: string | null;
  to: string;
}) {
  return (
    <PersonCell
      name={name}
      email={email}
      avatarUrl={avatarUrl}
      link={
        <Anchor component={Link} to={to} size="sm" fw={500}>
          {name}
        </Anchor>
      }
    />
  );
}
