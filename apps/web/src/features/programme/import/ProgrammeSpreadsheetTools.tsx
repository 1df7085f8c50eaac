import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { downloadProgramme } from './api';
import { SitesImportModal } from './SitesImportModal';

/** "Import" (upload → dry run → apply) and "Export" (CSV or XLSX, the same columns) for a company's admins. */
export function ProgrammeSpreadsheetTools({ companyId }: { companyId?: string }) {
  const [importing, setImporting] = useState(false);
  const exporting = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => downloadProgramme(format, companyId),
    onError: (err: unknown) =>
      notifications.show({ color: 'red', message: err instanceof Error ? err.message : 'Export failed' }),
  });
  return (
    <Group gap="xs">
      <Button variant="light" onClick={() => setImporting(true)}>
        Import
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" loading={exporting.isPending}>
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => exporting.mutate('csv')}>CSV</Menu.Item>
          <Menu.Item onClick={() => exporting.mutate('xlsx')}>XLSX</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SitesImportModal opened={importing} onClose={() => setImporting(false)} companyId={companyId} />
    </Group>
  );
}
