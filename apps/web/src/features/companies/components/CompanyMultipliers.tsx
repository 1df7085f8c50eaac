import { Link } from 'react-router';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconSettings } from '@tabler/icons-react';
import type { CompanyListItem } from '@portal/contracts';
import { formatMultiplier, MULTIPLIER_LABELS, MULTIPLIER_SCOPE, paysOfList } from '../format';

/**
 * What the company pays: each multiplier as the factor the office types and as a share of the list
 * price, what it applies to, and the ways to check it (edit screen, catalogue as this company).
 */
export function CompanyMultipliers({ company }: { company: CompanyListItem }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-prices-title">
      <Group justify="space-between" wrap="wrap" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="company-prices-title">
          Prices
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={`/superadmin/catalog?asCompany=${company._id}`}
            variant="light"
            size="xs"
            leftSection={<IconBuildingStore size={16} aria-hidden />}
          >
            View catalogue as {company.name}
          </Button>
          <Button
            component={Link}
            to={`/superadmin/companies/edit/${company._id}`}
            variant="default"
            size="xs"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            Edit company
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {MULTIPLIER_LABELS.map(([field, label]) => (
          <Stack key={field} gap={2} data-testid={`multiplier-${field}`}>
            <Text size="xs" c="gray.7">
              {label}
            </Text>
            <Text fw={700} fz="lg">
              {formatMultiplier(company[field])}
            </Text>
            <Text fz="sm">{paysOfList(company[field])}</Text>
            <Text fz="xs" c="gray.7">
              {MULTIPLIER_SCOPE[field]}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
