import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Box, Container, Group, UnstyledButton } from '@mantine/core';
import { FullPageLoader, Logo } from '../shared/ui';
import { DEFAULT_PRODUCT_NAME } from '../shared/config';

/** Public pages: logo header and a centred content area. */
export function PublicLayout() {
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h={64}>
          <Group h="100%">
            <UnstyledButton component={Link} to="/" aria-label={`${DEFAULT_PRODUCT_NAME} home`}>
              <Logo />
            </UnstyledButton>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py={{ base: 'xl', sm: 48 }} px="md" w="100%" style={{ flex: 1 }}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
