import { Text } from '@mantine/core';
import { type ClientLike, companyOf } from '../../lib/format/client-name';

/** A client in a table cell: the company, with the person under it (just the person without a company). */
export function ClientNameCell({ client }: { client: ClientLike }) {
  const company = companyOf(client);
  if (!company) return <>{client.name}</>;
  return (
    <>
      {company}
      <Text size="xs" c="dimmed">
        {client.name}
      </Text>
    </>
  );
}
