import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { PricelistFormat } from '@portal/contracts';
import { serverMessage } from '../../../shared/api';
import { requestPricelist } from '../api';
import { usePricelist } from '../hooks';
import { PricelistProgress } from './PricelistStatus';

export interface ScopeOption {
  /** A category or sub-category id, or 'catalogue' for the whole catalogue. */
  value: string;
  label: string;
}

export const WHOLE_CATALOGUE = 'catalogue';

interface Props {
  opened: boolean;
  onClose: () => void;
  scopes: ScopeOption[];
  defaultScope: string;
  /** Superadmin only: whose prices. */
  companyId?: string;
  companyName?: string;
  /** Where finished lists are kept ('My price lists', or 'Price lists for {company}'). */
  listsTitle?: string;
}

/** "Download price list": scope + format → the worker builds it → progress → download. */
export function PricelistDownloadModal({
  opened,
  onClose,
  scopes,
  defaultScope,
  companyId,
  companyName,
  listsTitle = 'My price lists',
}: Props) {
  const [scope, setScope] = useState<string | null>(null);
  const [format, setFormat] = useState<PricelistFormat>('csv');
  const [requested, setRequested] = useState<string | null>(null);
  const list = usePricelist(requested);
  const chosen = scope ?? defaultScope;
  const request = useMutation({
    mutationFn: () =>
      requestPricelist({ format, catalogueId: chosen === WHOLE_CATALOGUE ? undefined : chosen, companyId }),
    onSuccess: (d) => setRequested(d._id),
  });
  const close = () => {
    onClose();
    setScope(null);
    setRequested(null);
    request.reset();
  };

  return (
    <Modal opened={opened} onClose={close} title="Download price list" centered>
      {requested ? (
        <Stack>
          <PricelistProgress list={list.data} />
          <Text size="xs" c="dimmed">
            {list.data?.status === 'ready'
              ? `It is also kept under “${listsTitle}” for 7 days.`
              : list.data?.status === 'failed'
                ? 'You can close this window and try again.'
                : `You can close this window: the list keeps being prepared and appears under “${listsTitle}”.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            request.mutate();
          }}
        >
          <Stack>
            {companyName && (
              <Text size="sm">
                Prices of <strong>{companyName}</strong>
              </Text>
            )}
            <Select
              label="Scope"
              data={scopes}
              value={chosen}
              onChange={(v) => v && setScope(v)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="pricelist-format-label">
                Format
              </Text>
              <SegmentedControl
                aria-labelledby="pricelist-format-label"
                value={format}
                onChange={(v) => setFormat(v as PricelistFormat)}
                data={[
                  { value: 'csv', label: 'CSV' },
                  { value: 'xlsx', label: 'XLSX' },
                  { value: 'pdf', label: 'PDF' },
                ]}
              />
            </Stack>
            <Text size="xs" c="dimmed">
              {companyName ? `${companyName}'s prices as its employees see them` : 'Your company prices as shown'} in
              the catalogue. Odd sizes are quoted through the search and are not listed. Files are kept for 7 days.
            </Text>
            {request.isError && (
              <Alert color="red" role="alert">
                {serverMessage(request.error, 'Failed to request the price list. Please try again.')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={request.isPending}>
                Prepare price list
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
