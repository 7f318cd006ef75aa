import { Center, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { SkipLink, TopBar } from './top-bar';

export function CheckoutLayout() {
  return (
    <>
      <SkipLink />
      <TopBar />
      <Center component="main" id="main" tabIndex={-1} px="md" py="xl" mih="calc(100vh - 70px)">
        <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={560} ta="center">
          <Outlet />
        </Paper>
      </Center>
    </>
  );
}
