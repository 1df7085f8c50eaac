import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { CreateUserRequest, UpdateUserRequest } from '@portal/contracts';
import { ORG_MSG } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../shared/api';
import { usersApi } from './api';

/* The users' writes, each through TanStack Query's useMutation. Callers refresh what they show. */

export interface DeleteUsersTexts {
  /** Success toast. Default 'User Deleted Successfully' / 'Users Deleted Successfully'. */
  success?: string;
  /** Failure toast title; the server message is the body. Default 'User Delete Unsuccessful' / 'Users Delete Unsuccessful'. */
  failureTitle?: string;
}

/**
 * Deletes users (one → DELETE user/{id}, several → DELETE user/bulk) and shows the result toast.
 * The returned function resolves true on success. Screens pass e.g.
 * { success: 'Admin Deleted Successfully', failureTitle: 'Admin Delete Unsuccessful' }.
 */
export function useDeleteUsers(): (ids: string[], texts?: DeleteUsersTexts) => Promise<boolean> {
  const { mutateAsync } = useMutation({ mutationFn: usersApi.remove });
  return async (ids, texts = {}) => {
    const one = ids.length === 1;
    try {
      await mutateAsync(ids);
      notifications.show({
        color: 'teal',
        message: texts.success ?? (one ? ORG_MSG.success.userDeleted : ORG_MSG.success.usersDeleted),
        autoClose: 3000,
      });
      return true;
    } catch (err) {
      if (handledAsSessionEnd(err)) return false;
      notifications.show({
        color: 'red',
        title: texts.failureTitle ?? (one ? ORG_MSG.failure.userDelete : ORG_MSG.failure.usersDelete),
        message: serverMessage(err, 'Please try again.'),
        autoClose: 5000,
      });
      return false;
    }
  };
}

/** `POST user` (superadmin: company and action; admin: an employee of their company). */
export function useCreateUser() {
  return useMutation({ mutationFn: (body: CreateUserRequest) => usersApi.create(body) }).mutateAsync;
}

/** `PATCH user/{id}`. */
export function useUpdateUser(id: string) {
  return useMutation({ mutationFn: (body: UpdateUserRequest) => usersApi.update(id, body) }).mutateAsync;
}

/** `GET user/resend/{id}`: sends the account information again. */
export function useResendAccountInfo(id: string) {
  return useMutation({ mutationFn: () => usersApi.resend(id) });
}
