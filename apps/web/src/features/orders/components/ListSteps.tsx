import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import type { OrderListRow, OrderStep } from '../api';

/** The steps a list may offer in one click, with their labels, in this order. */
export const LIST_STEP_LABEL: Partial<Record<OrderStep, string>> = {
  approve: 'Approve',
  reject: 'Reject',
  acknowledge: 'Acknowledge',
  confirm: 'Confirm',
  ship: 'Mark shipped',
};

export type ListStepHandler = (row: OrderListRow, action: OrderStep, reason?: string) => void;

/** Reject from the list: a click asks for the reason in place (it is required), a second sends. */
function RejectStep({ row, onStep, busy }: { row: OrderListRow; onStep: ListStepHandler; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const send = () => {
    onStep(row, 'reject', reason.trim());
    setAsking(false);
    setReason('');
  };
  if (!asking)
    return (
      <Button
        size="xs"
        variant="default"
        color="red"
        aria-label={`Reject ${row.number}`}
        loading={busy}
        onClick={() => setAsking(true)}
      >
        Reject
      </Button>
    );
  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
      <TextInput
        aria-label={`Reason for rejecting ${row.number}`}
        placeholder="Reason"
        size="xs"
        w={180}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && reason.trim()) send();
          if (e.key === 'Escape') setAsking(false);
        }}
        maxLength={1000}
        autoFocus
      />
      <Button size="xs" color="red" disabled={!reason.trim()} onClick={send}>
        Confirm rejection
      </Button>
      <Button size="xs" variant="subtle" color="gray" onClick={() => setAsking(false)}>
        Keep
      </Button>
    </Group>
  );
}

/**
 * The one-click steps of a list row: those of `offered` that the API allows this viewer now
 * (`allowed_actions`), so the list never offers a step the state table refuses.
 */
export function ListSteps({
  row,
  offered,
  onStep,
  pending,
}: {
  row: OrderListRow;
  offered: readonly OrderStep[];
  onStep: ListStepHandler;
  /** The step being sent for this row, if any. */
  pending?: OrderStep | null;
}) {
  const steps = offered.filter((a) => row.allowed_actions.includes(a));
  if (!steps.length) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {steps.map((a) =>
        a === 'reject' ? (
          <RejectStep key={a} row={row} onStep={onStep} busy={pending === a} />
        ) : (
          <Button
            key={a}
            size="xs"
            variant="light"
            aria-label={`${LIST_STEP_LABEL[a] ?? a} ${row.number}`}
            loading={pending === a}
            disabled={!!pending}
            onClick={() => onStep(row, a)}
          >
            {LIST_STEP_LABEL[a] ?? a}
          </Button>
        ),
      )}
    </Group>
  );
}
