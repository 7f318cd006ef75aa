import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarTime, IconLayoutKanban, IconServer, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { prefetchOnce } from '../../lib/prefetch';

const FEATURES = [
  { key: 'Team', icon: IconUsersGroup, color: 'primary' },
  { key: 'Time', icon: IconCalendarTime, color: 'secondary' },
  { key: 'Projects', icon: IconLayoutKanban, color: 'accent' },
  { key: 'Host', icon: IconServer, color: 'success' },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <Container size="md" py={72}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
            {t('home.title')}
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            {t('home.text')}
          </Text>
          <Group justify="center">
            <Button
              size="lg"
              component={Link}
              to="/auth/signup"
              onMouseEnter={() => prefetchOnce('/auth/signup')}
            >
              {t('common:signUp')}
            </Button>
            <Button
              size="lg"
              variant="default"
              component={Link}
              to="/auth/login"
              onMouseEnter={() => prefetchOnce('/auth/login')}
            >
              {t('common:signIn')}
            </Button>
          </Group>
        </Stack>
      </Container>
      <Container size="lg" pb={72} component="section" aria-labelledby="features-title">
        <Title order={2} ta="center" mb="xl" id="features-title">
          {t('home.featuresTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {FEATURES.map(({ key, icon: Icon, color }) => (
            <Card key={key} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" color={color} mb="md" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
              <Title order={3} size="h4" mb={6}>
                {t(`home.feature${key}Title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`home.feature${key}Text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <Container size="md" pb={72} ta="center">
        <Title order={2} mb="md">
          {t('home.ctaTitle')}
        </Title>
        <Button component={Link} to="/auth/signup" color="accent" size="md">
          {t('common:signUp')}
        </Button>
      </Container>
    </>
  );
}
