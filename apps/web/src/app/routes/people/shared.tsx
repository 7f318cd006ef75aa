import { Text, Title } from '@mantine/core';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { dashboardPath } from '../../../config/paths';
import type { Scope } from '../../../features/people/api/users';
import { dashboardRoleOfPath } from '../../gate';

/** The dashboard the page is in, and the API area it reads (admin or manager). */
export function useDashboard(): { role: DashboardRole; scope: Scope; href: (sub: string) => string } {
  const { pathname } = useLocation();
  const role = dashboardRoleOfPath(pathname) ?? 'admin';
  return {
    role,
    scope: role === 'manager' ? 'manager' : 'admin',
    href: (sub: string) => dashboardPath(role, sub),
  };
}

export function PageTitle({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {title}
      </Title>
      {text && (
        <Text c="dimmed" mb="lg">
          {text}
        </Text>
      )}
      {children}
    </>
  );
}
