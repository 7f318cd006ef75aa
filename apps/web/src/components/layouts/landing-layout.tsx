import { Box, Button, Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { prefetchOnce } from '../../lib/prefetch';
import { loadSession } from '../../lib/session';
import { SkipLink, TopBar } from './top-bar';

export function LandingLayout() {
  const { t } = useTranslation();
  const signedIn = Boolean(loadSession());
  return (
    <>
      <SkipLink />
      <TopBar>
        {signedIn ? (
          <Button component={Link} to="/dashboard" variant="light" size="xs">
            {t('common:toDashboard')}
          </Button>
        ) : (
          <>
            <Button
              component={Link}
              to="/auth/login"
              variant="subtle"
              size="xs"
              onMouseEnter={() => prefetchOnce('/auth/login')}
            >
              {t('common:signIn')}
            </Button>
            <Button
              component={Link}
              to="/auth/signup"
              size="xs"
              onMouseEnter={() => prefetchOnce('/auth/signup')}
            >
              {t('common:signUp')}
            </Button>
          </>
        )}
      </TopBar>
      <Box component="main" id="main" tabIndex={-1}>
        <Outlet />
      </Box>
      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container>
          <Text size="sm" c="dimmed" ta="center">
            {t('home.footer')}
          </Text>
        </Container>
      </Box>
    </>
  );
}
