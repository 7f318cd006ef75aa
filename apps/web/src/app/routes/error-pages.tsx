import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { dashboardPath } from '../../config/paths';
import { dashboardRoleOfPath } from '../gate';

function ErrorPage({ code, title, text }: { code: string; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={900} c="dimmed" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to="/">
          {t('common:backHome')}
        </Button>
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage code="404" title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} />;
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <ErrorPage code="403" title={t('errors.forbiddenTitle')} text={t('errors.forbiddenText')} />;
}

/** A path inside a dashboard that no page answers: the dashboard's frame stays, with a way back to its home. */
export function DashboardNotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const role = dashboardRoleOfPath(pathname) ?? 'va';
  return (
    <Stack align="flex-start" gap="md" py="xl" maw={560}>
      <Title order={1} size="h2">
        {t('errors.notFoundTitle')}
      </Title>
      <Text c="dimmed">{t('errors.dashboardNotFoundText')}</Text>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
        <code>{pathname}</code>
      </Text>
      <Button component={Link} to={dashboardPath(role)}>
        {t('errors.backToDashboard')}
      </Button>
    </Stack>
  );
}
