import { Group, Pagination } from '@mantine/core';

/** Page links: siblings 1 + boundaries 1 keep it to at most 7 items (spec §9). */
export function CompaniesPager({ page, pages, onChange }: { page: number; pages: number; onChange: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Group>
  );
}
