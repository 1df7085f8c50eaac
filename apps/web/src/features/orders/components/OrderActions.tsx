import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { OrderAction, OrderRequestDetail } from '@portal/contracts';
import { serverMessage } from '../../../shared/api/errors';
import { useOrderAction } from '../hooks';

const LABEL: Record<Exclude<OrderAction, 'submit'>, string> = {
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
  const actions = order.allowed_actions.filter((a): a is Exclude<OrderAction, 'submit'> => a !== 'submit');
  if (!actions.length) return null;
  const can = (a: OrderAction) => actions.includes(a as never);
  const go = (action: Exclude<OrderAction, 'submit'>) => {
    const body: Record<string, unknown> = { version: order.version };
    if ((action === 'reject' || action === 'cancel') && reason.trim()) body.reason = reason.trim();
    if (action === 'confirm')
      Object.assign(
        body,
        officeRef.trim() ? { office_ref: officeRef.trim() } : {},
        shipsOn ? { ships_on: shipsOn } : {},
      );
    if (action === 'ship' && tracking.trim()) body.tracking = tracking.trim();
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
