import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconList } from '@tabler/icons-react';
import { PRICELIST_MSG } from '@portal/domain';
import { fetchPricelist } from '../api';
import { pricelistKeys, usePricelistLiveUpdates } from '../hooks';
import { MyPricelistsDrawer } from './MyPricelistsDrawer';
import { PricelistDownloadModal, type ScopeOption } from './PricelistDownloadModal';
import { DownloadButton } from './PricelistStatus';

interface Props {
  scopes: ScopeOption[];
  defaultScope: string;
  companyId?: string;
  companyName?: string;
  /** Called when the download dialog opens (e.g. to load scope options lazily). */
  onOpen?: () => void;
}

/** "Download price list" and "My price lists", plus the ready toast (with its download) when a list is done. */
export function PricelistActions({ scopes, defaultScope, companyId, companyName, onOpen }: Props) {
  const [modal, setModal] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const qc = useQueryClient();
  // On a customer's page (superadmin) the lists are that company's, not "mine".
  const listsTitle = companyName ? `Price lists for ${companyName}` : 'My price lists';
  usePricelistLiveUpdates((id) => {
    void fetchPricelist(id)
      .then((list) => {
        qc.setQueryData(pricelistKeys.one(id), list);
        if (list.status !== 'ready') return;
        notifications.show({
          id: `pricelist-${id}`,
          color: 'teal',
          title: PRICELIST_MSG.ready,
          autoClose: 10_000,
          message: (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {list.scope_name} · {list.rows} rows
              </Text>
              <DownloadButton list={list} />
            </Group>
          ),
        });
      })
      .catch(() => undefined);
  });
  return (
    <>
      <Group gap="xs">
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => {
            onOpen?.();
            setModal(true);
          }}
        >
          Download price list
        </Button>
        <Button variant="light" leftSection={<IconList size={16} aria-hidden />} onClick={() => setDrawer(true)}>
          {listsTitle}
        </Button>
      </Group>
      <PricelistDownloadModal
        opened={modal}
        onClose={() => setModal(false)}
        scopes={scopes}
        defaultScope={defaultScope}
        companyId={companyId}
        companyName={companyName}
        listsTitle={listsTitle}
      />
      <MyPricelistsDrawer opened={drawer} onClose={() => setDrawer(false)} companyId={companyId} title={listsTitle} />
    </>
  );
}
