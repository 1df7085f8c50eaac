import { notifications } from '@mantine/notifications';
import { useRealtimeEvent } from '../realtime';

/**
 * "The welcome email to x@… bounced: mailbox does not exist" as a toast (the `email.bounced` push
 * reaches the company's admins); the person's row then shows the badge with "Try again".
 */
export function useEmailBouncedToasts(enabled: boolean): void {
  useRealtimeEvent(
    'email.bounced',
    (e) =>
      notifications.show({
        color: 'red',
        title: 'An email bounced',
        message: `${e.message}. Fix the address on the person's page, or choose "Try again" there.`,
        autoClose: 15_000,
      }),
    enabled,
  );
}
