import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { companyOptionsKey, fetchCompanyOptions } from '../api';

interface Props {
  /** The company viewed as, or null (list prices). */
  companyId: string | null;
  onChange: (companyId: string | null) => void;
}

function useCompanyOptions() {
  return useQuery({ queryKey: companyOptionsKey, queryFn: fetchCompanyOptions, staleTime: 60_000 });
}

/**
 * Superadmin: see the catalogue as a company's employees do (`asCompany`), with a banner saying whose
 * prices these are and a way back to list prices.
 */
export function ViewAsCompany({ companyId, onChange }: Props) {
  const companies = useCompanyOptions();
  const options = (companies.data ?? []).map((c) => ({ value: c._id, label: c.name }));
  const name = options.find((o) => o.value === companyId)?.label;
  return (
    <>
      <Select
        label="View as company"
        placeholder="List prices"
        searchable
        clearable
        nothingFoundMessage="No company found"
        data={options}
        value={companyId}
        onChange={(v) => onChange(v || null)}
        w={{ base: '100%', xs: 280 }}
      />
      {companyId && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconBuildingStore size={18} aria-hidden="true" />}
          role="status"
          aria-label="Viewing as a company"
          w="100%"
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="sm">
              Prices of <strong>{name ?? (companies.isPending ? '…' : 'an unknown company')}</strong>: what its
              employees see in the catalogue.
            </Text>
            <Button size="xs" variant="default" onClick={() => onChange(null)}>
              Back to list prices
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
