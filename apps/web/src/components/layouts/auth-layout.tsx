import { Box, Center, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { SkipLink, TopBar } from './top-bar';

export function AuthLayout() {
  return (
    <>
      <SkipLink />
      <TopBar />
      <Center component="main" id="main" tabIndex={-1} px="md" py="xl" mih="calc(100vh - 70px)">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={520}>
          <Box>
            <Outlet />
          </Box>
        </Paper>
      </Center>
    </>
  );
}
