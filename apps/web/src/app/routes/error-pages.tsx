import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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
