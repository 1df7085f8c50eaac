import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { isApiRequestError } from '../../../shared/api';
import { useSlashToFocus } from '../../../shared/keyboard';
import { useFind } from '../hooks/useFind';
import { FindResults } from './FindResults';

/**
 * "Find any filter": one box above the categories for a part number (ours, written any way), a
 * competitor's or OEM number, or a size such as `20x25x1 merv 13`. Answers as you type; Enter or
 * Find commits the search (the committed ones are what the supplier's demand report counts).
 * `asCompany`: a superadmin viewing the catalogue as a company sees that company's prices here too.
 * `nothingFound`: what a committed search that found nothing offers next (the catalogue: ask the
 * office about it), so the dead end is not one.
 */
export function FindBox({
  asCompany = null,
  nothingFound,
}: {
  asCompany?: string | null;
  nothingFound?: (q: string) => ReactNode;
}) {
  const find = useFind(asCompany);
  const inputRef = useSlashToFocus(); // `/` from anywhere on the catalogue
  const { data, isFetching, isError, error } = find.query;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <form
          aria-label="Find any filter"
          onSubmit={(e) => {
            e.preventDefault();
            find.commit();
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              ref={inputRef}
              flex={1}
              label="Find any filter"
              description="Part number, a competitor's number, or a size like 20x25x1 merv 13"
              placeholder="e.g. FLN-12345 or 20 x 25 x 1"
              value={find.text}
              maxLength={64}
              onChange={(e) => find.setText(e.currentTarget.value)}
              leftSection={isFetching ? <Loader size={14} /> : <IconSearch size={16} aria-hidden />}
              rightSection={
                find.text ? (
                  <ActionIcon variant="subtle" color="gray" aria-label="Clear search" onClick={find.clear}>
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                ) : null
              }
            />
            <Button type="submit">Find</Button>
          </Group>
        </form>
        {find.active && isError && (
          <div role="alert">{isApiRequestError(error) ? error.message : 'The search failed. Please try again.'}</div>
        )}
        {find.active && data && <FindResults q={find.q} answer={data} onPick={(s) => find.commit(s)} />}
        {find.active && find.committed && data && !data.list.length && nothingFound?.(find.q)}
      </Stack>
    </Paper>
  );
}
