import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../shared/api/errors';
import { fetchOrdering, orderKeys, saveOrdering } from '../api';
import { money } from './money';

/**
 * The company's approval threshold: an employee's order request over it waits for an admin's approval
 * (empty = no approval). For a superadmin on the company page and for the company's admins.
 */
export function ApprovalThreshold({ companyId }: { companyId: string }) {
  const qc = useQueryClient();
  const key = orderKeys.ordering(companyId);
  const current = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchOrdering(companyId, signal) });
  const [edited, setValue] = useState<number | string | null>(null);
  const value = edited ?? current.data?.approval_threshold ?? '';
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (threshold: string | null) => saveOrdering(companyId, threshold),
    onSuccess: (res) => setNote({ ok: true, text: res.message ?? 'Saved' }),
    onError: (e) => setNote({ ok: false, text: serverMessage(e, 'Could not save. Please try again.') }),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Order approval">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Order approval
        </Title>
        <Text fz="sm">
          {current.data?.approval_threshold === null || current.data === undefined
            ? 'Order requests go straight to the office.'
            : `Employees' order requests over ${money(current.data.approval_threshold)} wait for an admin's approval.`}
        </Text>
        {note && (
          <Alert color={note.ok ? 'teal' : 'red'} role={note.ok ? 'status' : 'alert'}>
            {note.text}
          </Alert>
        )}
        <Group align="flex-end">
          <NumberInput
            label="Approval threshold (empty: no approval)"
            min={0}
            decimalScale={2}
            prefix="$"
            value={value}
            onChange={setValue}
            w={240}
          />
          <Button loading={save.isPending} onClick={() => save.mutate(value === '' ? null : String(value))}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
