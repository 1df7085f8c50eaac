import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { ExportMenu } from './ExportMenu';
import { ImportWizard } from './ImportWizard';

interface SpreadsheetToolsProps {
  categoryId: string;
  categoryName: string;
  subcategory?: { _id: string; name: string } | null;
}

/** Export and Import buttons of the superadmin catalogue view. */
export function SpreadsheetTools(props: SpreadsheetToolsProps) {
  const [open, setOpen] = useState(false);
  return (
    <Group gap="xs" role="group" aria-label="Catalogue spreadsheets">
      <ExportMenu {...props} />
      <Button variant="default" onClick={() => setOpen(true)}>
        Import
      </Button>
      <ImportWizard opened={open} onClose={() => setOpen(false)} />
    </Group>
  );
}
