import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** At most 7 page links. */
export const MAX_PAGE_LINKS = 7;

/** The page numbers to show: a window of at most `max` consecutive pages around `page`. */
export function pageWindow(page: number, pageCount: number, max = MAX_PAGE_LINKS): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(max, pageCount);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  /** Total item count and page size (the page count is derived). */
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}

/** Previous / up to 7 page links / Next; hidden when everything fits on one page. */
export function Pagination({ page, total, pageSize, onChange }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  return (
    <Group component="nav" aria-label="Pagination" gap={4} justify="center" mt="md">
      <Button
        variant="default"
        size="xs"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={14} aria-hidden />
      </Button>
      {pageWindow(page, pageCount).map((p) => (
        <Button
          key={p}
          size="xs"
          variant={p === page ? 'filled' : 'default'}
          aria-label={`Page ${p}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => p !== page && onChange(p)}
        >
          {p}
        </Button>
      ))}
      <Button
        variant="default"
        size="xs"
        aria-label="Next page"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={14} aria-hidden />
      </Button>
    </Group>
  );
}
