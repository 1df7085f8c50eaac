import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../shared/api/errors';
import { useRealtimeEvent } from '../../shared/realtime';
import {
  fetchAgreedItems,
  fetchOrder,
  fetchOrders,
  newIdempotencyKey,
  orderAction,
  orderKeys,
  patchAgreedItem,
  submitOrder,
  type AgreedItemPatch,
  type OrderListQuery,
  type OrderStep,
  type OrderStepBody,
  type OrderSubmission,
  type SubmittedOrder,
} from './api';

export function useOrders(query: OrderListQuery, enabled = true) {
  return useQuery({ queryKey: orderKeys.list(query), queryFn: ({ signal }) => fetchOrders(query, signal), enabled });
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: orderKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchOrder(id!, signal),
    enabled: !!id,
  });
}

/**
 * The company's agreed items. Read again whenever a screen shows them, and at once when a quote is
 * accepted (that is when new ones appear).
 */
export function useAgreedItems(companyId?: string) {
  const qc = useQueryClient();
  useRealtimeEvent('quote.changed', (e) => {
    if (e.status === 'accepted') void qc.invalidateQueries({ queryKey: ['orders', 'agreed'] });
  });
  return useQuery({
    queryKey: orderKeys.agreed(companyId),
    queryFn: ({ signal }) => fetchAgreedItems(companyId, signal),
    refetchOnMount: 'always',
  });
}

/** `order.changed` (no prices in it) → the lists and that request refetch through the API. */
export function useOrderLiveUpdates(onChange?: (e: { _id: string; number: string; status: string }) => void): void {
  const qc = useQueryClient();
  useRealtimeEvent('order.changed', (e) => {
    void qc.invalidateQueries({ queryKey: ['orders', 'list'] });
    void qc.invalidateQueries({ queryKey: orderKeys.one(e._id) });
    onChange?.(e);
  });
}

/** Runs one action of the state table on a request and refreshes what shows it. */
export function useOrderAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: OrderStep; body: OrderStepBody<OrderStep> }) =>
      orderAction(id, action, body),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export function useAgreedItemUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AgreedItemPatch }) => patchAgreedItem(id, body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders', 'agreed'] }),
  });
}

export type OrderSendOutcome =
  { ok: true; result: SubmittedOrder; message?: string } | { ok: false; error: string; status?: number };

/**
 * Sends order requests from one form. The form keeps its idempotency key until a send succeeds, so a
 * retried or double-clicked send returns the same request; the next send gets a new key.
 */
export function useOrderSubmission() {
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();
  const send = async (body: OrderSubmission): Promise<OrderSendOutcome> => {
    setBusy(true);
    try {
      const res = await submitOrder(body, key);
      setKey(newIdempotencyKey());
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      return { ok: true, result: res.data, message: res.message };
    } catch (err) {
      const status = (err as { status?: number })?.status;
      return { ok: false, error: serverMessage(err, 'The order could not be sent. Please try again.'), status };
    } finally {
      setBusy(false);
    }
  };
  return { send, busy };
}
