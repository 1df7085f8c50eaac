import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { OrderAction, OrderRequestDetail } from '@portal/contracts';
import { serverMessage } from '../../../shared/api/errors';
import type { OrderStep, OrderStepBody } from '../api';
import { useOrderAction } from '../hooks';

const LABEL: Record<OrderStep, string> = {
  approve: 'Approve',
  reject: 'Reject',
  acknowledge: 'Acknowledge',
  confirm: 'Confirm',
  ship: 'Mark shipped',
  cancel: 'Cancel request',
};

/** Exactly the actions the API allows this viewer now, with the fields each takes. */
export function OrderActions({ order }: { order: OrderRequestDetail }) {
  const run = useOrderAction();
  const [reason, setReason] = useState('');
  const [officeRef, setOfficeRef] = useState('');
  const [shipsOn, setShipsOn] = useState('');
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<string | null>(null);
  const actions = order.allowed_actions.filter((a): a is OrderStep => a !== 'submit');
  if (!actions.length) return null;
  const can = (a: OrderAction) => actions.includes(a as never);
  const bodyFor = (action: OrderStep): OrderStepBody<OrderStep> => {
    const version = order.version;
    switch (action) {
      case 'reject':
        return { version, reason: reason.trim() };
      case 'cancel':
        return { version, ...(reason.trim() ? { reason: reason.trim() } : {}) };
      case 'confirm':
        return {
          version,
          ...(officeRef.trim() ? { office_ref: officeRef.trim() } : {}),
          ...(shipsOn ? { ships_on: shipsOn } : {}),
        };
      case 'ship':
        return { version, ...(tracking.trim() ? { tracking: tracking.trim() } : {}) };
      case 'approve':
      case 'acknowledge':
        return { version };
    }
  };
  const go = (action: OrderStep) => {
    const body = bodyFor(action);
    run.mutate(
      { id: order._id, action, body },
      {
        onError: (e) => setError(serverMessage(e, 'That did not work. Please try again.')),
        onSuccess: () => setError(null),
      },
    );
  };
  return (
    <Stack gap="sm" component="section" aria-label="Actions">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {(can('reject') || can('cancel')) && (
        <TextInput
          label={can('reject') ? 'Reason (needed to reject)' : 'Reason'}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={1000}
        />
      )}
      {can('confirm') && (
        <Group>
          <TextInput
            label="Office reference"
            value={officeRef}
            onChange={(e) => setOfficeRef(e.currentTarget.value)}
            maxLength={100}
          />
          <TextInput label="Ships on" type="date" value={shipsOn} onChange={(e) => setShipsOn(e.currentTarget.value)} />
        </Group>
      )}
      {can('ship') && (
        <TextInput
          label="Tracking"
          value={tracking}
          onChange={(e) => setTracking(e.currentTarget.value)}
          maxLength={200}
        />
      )}
      <Group>
        {actions.map((a) => (
          <Button
            key={a}
            variant={a === 'cancel' || a === 'reject' ? 'default' : 'filled'}
            color={a === 'cancel' || a === 'reject' ? 'red' : undefined}
            loading={run.isPending && run.variables?.action === a}
            disabled={a === 'reject' && !reason.trim()}
            onClick={() => go(a)}
          >
            {LABEL[a]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
