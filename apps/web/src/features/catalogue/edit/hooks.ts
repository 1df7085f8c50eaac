/** Edit-view hooks: the atomic save, leave guard, presence. */
import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { CATALOGUE_MSG } from '@portal/domain';
import { PRESENCE_HEARTBEAT_SECONDS } from '@portal/contracts';
import { emitRealtime, onRealtimeConnect, useRealtimeEvent } from '../../../shared/realtime';
import { handleGlobalApiError, isApiRequestError } from '../../../shared/api';
import { useAppConfig } from '../../../shared/config';
import { useAuthStore } from '../../auth';
import { catalogueKeys } from '../queryKeys';
import { isGlobalFailure, saveVariants } from './api';
import { isEditDirty, selectDirty, useEditStore, type PendingLeave } from './editStore';
import { buildSaveBody, mapSaveErrors } from './model';

/** A push within this window after our own save is our own change, not someone else's. */
export const OWN_SAVE_WINDOW_MS = 3000;

/**
 * Save Changes: one PUT with every row. Resolves true when there is nothing left unsaved (saved,
 * or nothing to save), false when the grid shows errors / conflicts or the call failed.
 */
export function useSaveChanges(categoryId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(
    async (force = false): Promise<boolean> => {
      const store = useEditStore.getState();
      const { productId } = store;
      if (!productId || store.saving) return false;
      if (!force && !selectDirty(store)) {
        notifications.show({ color: 'blue', message: CATALOGUE_MSG.noChanges, autoClose: 3000 });
        return true;
      }
      const body = buildSaveBody(store.rows, force);
      store.setSaving(true);
      const outcome = await saveVariants(productId, body);
      const now = useEditStore.getState();
      if (now.productId !== productId) return false; // the product changed meanwhile (should not happen: the UI is locked)
      switch (outcome.kind) {
        case 'saved': {
          const variants = outcome.response?.data?.variants;
          if (Array.isArray(variants)) now.saved(variants);
          else {
            now.setSaving(false);
            now.discard();
          }
          notifications.show({
            color: 'teal',
            message: outcome.response?.message || CATALOGUE_MSG.allChangesSaved,
            autoClose: 3000,
          });
          if (categoryId) void queryClient.invalidateQueries({ queryKey: catalogueKeys.category(categoryId) });
          return true;
        }
        case 'invalid': {
          now.setSaving(false);
          now.setErrors(mapSaveErrors(outcome.errors, body), outcome.message);
          notifications.show({ color: 'red', message: outcome.message || CATALOGUE_MSG.saveFailed, autoClose: 5000 });
          return false;
        }
        case 'conflict': {
          now.setSaving(false);
          now.setConflicts(outcome.conflicts);
          return false;
        }
        case 'failed': {
          now.setSaving(false);
          const err = outcome.error;
          // Session end and CSRF failures belong to the global handler.
          if (isGlobalFailure(err) && isApiRequestError(err) && (err.status === 401 || err.status === 403))
            handleGlobalApiError(err);
          notifications.show({ color: 'red', message: CATALOGUE_MSG.saveFailed, autoClose: 5000 });
          return false;
        }
      }
    },
    [categoryId, queryClient],
  );
}

/** Runs `proceed` now, or after the unsaved-changes prompt (Save / Discard / Stay Here). */
export function requestLeave(proceed: () => void, cancel?: () => void): void {
  if (!isEditDirty()) proceed();
  else useEditStore.getState().setPendingLeave({ proceed, cancel });
}

/**
 * Route leave while editing with unsaved changes → the three-choice prompt; page unload → the
 * browser's warning with the spec's text.
 */
export function useUnsavedChangesGuard(active: boolean): void {
  const dirty = useEditStore(selectDirty);
  const guard = active && dirty;
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => guard && currentLocation.pathname !== nextLocation.pathname,
      [guard],
    ),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    useEditStore.getState().setPendingLeave({ proceed: () => blocker.proceed(), cancel: () => blocker.reset() });
  }, [blocker]);
  useEffect(() => {
    if (!guard) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = CATALOGUE_MSG.unsavedChanges;
      return CATALOGUE_MSG.unsavedChanges;
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [guard]);
}

/** Announces the open product to other editors and lists who else has it open. */
export function usePresence(productId: string | null): string[] {
  const me = useAuthStore((s) => s.user?._id ?? null);
  const [editors, setEditors] = useState<{ productId: string; names: string[] }>({ productId: '', names: [] });
  const heartbeatSeconds = useAppConfig()?.presenceHeartbeatSeconds ?? PRESENCE_HEARTBEAT_SECONDS;
  useEffect(() => {
    if (!productId) return;
    const join = () => emitRealtime('presence.join', { productId });
    join();
    const off = onRealtimeConnect(join);
    // Heartbeat: the server forgets an editor its presence TTL after the last join.
    const heartbeat = setInterval(join, heartbeatSeconds * 1000);
    return () => {
      clearInterval(heartbeat);
      off();
      emitRealtime('presence.leave', { productId });
    };
  }, [productId, heartbeatSeconds]);
  useRealtimeEvent('presence.changed', (e) => {
    if (e.productId !== productId) return;
    setEditors({
      productId: e.productId,
      names: e.editors.filter((x) => x.userId !== me).map((x) => x.username),
    });
  });
  return editors.productId === productId ? editors.names : [];
}

/** The unsaved-changes dialog's answers for the pending leave: Save Changes, Discard Changes, Stay Here. */
export function leaveActions(pending: PendingLeave | null, save: () => Promise<boolean>) {
  const done = () => {
    useEditStore.getState().setPendingLeave(null);
    pending?.proceed();
  };
  return {
    save: async () => {
      if (pending && (await save())) done();
    },
    discard: () => {
      if (!pending) return;
      useEditStore.getState().discard();
      done();
    },
    stay: () => {
      useEditStore.getState().setPendingLeave(null);
      pending?.cancel?.();
    },
  };
}
