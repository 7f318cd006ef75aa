import { MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '@vahub/shared/auth/roles';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { adminUsers } from '@vahub/shared/users/endpoints';
import type { Ref } from '@vahub/shared/users/schemas';
import { useTranslation } from 'react-i18next';
import { clientOptionLabel } from '../../lib/format/client-name';
import { endpointQuery } from '../../lib/query-keys';

/** Which people a picker offers: holders of any of `roles` (everyone without), in `status` (any without). */
export type PeopleFilter = { roles?: readonly Role[]; status?: UserStatus };

/** Admin `GET users` (unpaged, by name) for pickers; kept a minute, since pickers open often. */
export const peopleOptionsQuery = ({ roles, status }: PeopleFilter) => ({
  ...endpointQuery(adminUsers.options, {
    query: { roles: roles?.length ? [...roles] : undefined, status },
  }),
  staleTime: 60_000,
});

export const usePeopleOptions = (filter: PeopleFilter, enabled = true) =>
  useQuery({ ...peopleOptionsQuery(filter), enabled });

type PickerOptions = PeopleFilter & {
  /** People not to offer (e.g. the VA a contract already has). */
  exclude?: readonly number[];
  /** "Name (email)" instead of the name, where names may repeat. */
  withEmail?: boolean;
  /** People to keep offering though the list lacks them (a current choice who has left the filter). */
  keep?: readonly Ref[];
  /** Off: no request (for readers who may not list people). */
  enabled?: boolean;
};

function useOptions({ roles, status, exclude, withEmail, keep, enabled = true }: PickerOptions) {
  const { t } = useTranslation('common');
  const people = usePeopleOptions({ roles, status }, enabled);
  const listed = (people.data?.data ?? [])
    .filter((p) => !exclude?.includes(p.id))
    .map((p) => {
      // Clients go by their company ("Acme Dental (Claire Whitman)").
      const name = p.roles.some((r) => r.name === 'client') ? clientOptionLabel(p) : p.name;
      return { value: String(p.id), label: withEmail ? `${name} (${p.email})` : name };
    });
  const kept = (keep ?? [])
    .filter((k) => !listed.some((o) => o.value === String(k.id)))
    .map((k) => ({ value: String(k.id), label: k.name }));
  return { data: [...listed, ...kept], nothingFoundMessage: t('nothingFound') };
}

/** A searchable choice of one person of the organization (values are ids as text, as Mantine's are). */
export function PersonSelect({
  roles,
  status,
  exclude,
  withEmail,
  keep,
  enabled,
  ...props
}: PickerOptions & Omit<SelectProps, 'data'>) {
  const options = useOptions({ roles, status, exclude, withEmail, keep, enabled });
  return <Select searchable limit={50} {...options} {...props} />;
}

/** A searchable choice of several people of the organization. */
export function PeopleMultiSelect({
  roles,
  status,
  exclude,
  withEmail,
  keep,
  enabled,
  ...props
}: PickerOptions & Omit<MultiSelectProps, 'data'>) {
  const options = useOptions({ roles, status, exclude, withEmail, keep, enabled });
  return <MultiSelect searchable limit={50} {...options} {...props} />;
}
