import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLogout, IconUser } from '@tabler/icons-react';
import { dashboardRoles, isSuperAdmin } from '@vahub/shared/auth/roles';
import type { Me } from '@vahub/shared/auth/schemas';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { dashboardPath } from '../../config/paths';
import { logout } from '../../features/auth/api/logout';
import { chooseRole, currentRole } from '../../lib/active-role';
import { initials } from '../../lib/format/avatar';

export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = currentRole(me);
  const roles = dashboardRoles(me);
  const canChoose = roles.length > 1 && !isSuperAdmin(me);
  const name = `${me.first_name} ${me.last_name}`.trim();
  const letters = initials(me.first_name, me.last_name, me.email);

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        {/* The name starts with the initials the button shows (WCAG 2.5.3, axe's label-content-name-mismatch). */}
        <UnstyledButton aria-label={`${letters}, ${t('header.userMenu')}`} data-testid="user-menu">
          <Avatar src={me.avatar_url} radius="xl" size="md" color="primary" alt={name}>
            {letters}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </Text>
          <Text size="xs">{me.email}</Text>
        </Menu.Label>
        {canChoose && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('header.chooseRole')}</Menu.Label>
            {roles.map((r) => (
              <Menu.Item
                key={r}
                leftSection={r === role ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
                onClick={() => r !== role && chooseRole(me.id, r)}
              >
                {t(`roles.${r}`)}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        {role && (
          <Menu.Item
            component={Link}
            to={dashboardPath(role, 'profile')}
            leftSection={<IconUser size={14} />}
          >
            {t('nav.profile')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconLogout size={14} />}
          onClick={async () => {
            await logout();
            await navigate('/login');
          }}
        >
          {t('common:logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
