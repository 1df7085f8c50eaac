import { useMutation } from '@tanstack/react-query';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { downloadExport } from './api';

interface ExportMenuProps {
  categoryId: string;
  categoryName: string;
  /** Sub-category being viewed, if any. */
  subcategory?: { _id: string; name: string } | null;
}

/** Export: CSV or XLSX, of this category (or sub-category) or of the whole catalogue. */
export function ExportMenu({ categoryId, categoryName, subcategory }: ExportMenuProps) {
  const exporting = useMutation({
    mutationFn: ({ format, id }: { format: 'csv' | 'xlsx'; id: string | null }) => downloadExport(format, id),
    onError: (err: unknown) =>
      notifications.show({ color: 'red', message: err instanceof Error ? err.message : 'Export failed' }),
  });
  const busy = exporting.isPending;
  const run = (format: 'csv' | 'xlsx', id: string | null) => exporting.mutate({ format, id });
  // A sub-category is named with its category ('MERV 10 › 1"', not '1"').
  const scopes = [
    ...(subcategory ? [{ id: subcategory._id, label: `${categoryName} › ${subcategory.name}` }] : []),
    { id: categoryId, label: subcategory ? `${categoryName}, all` : categoryName },
    { id: null, label: 'Whole catalogue' },
  ];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" loading={busy}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(['csv', 'xlsx'] as const).map((format) => (
          <div key={format}>
            <Menu.Label>{format.toUpperCase()}</Menu.Label>
            {scopes.map((s) => (
              <Menu.Item key={`${format}-${s.id ?? 'all'}`} onClick={() => run(format, s.id)}>
                {s.label} ({format.toUpperCase()})
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
