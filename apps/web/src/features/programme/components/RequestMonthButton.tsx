import { Anchor, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { monthName } from '@portal/domain';
import { serverMessage } from '../../../shared/api';
import type { DueSite, ProgrammeRequest } from '../api';
import { useRequestMonth } from '../hooks';

/**
 * "Request March for Building A" on the Due page: one click makes the site's order request and
 * quote request for the month and shows their numbers at once; once requested, the numbers stay
 * (links to the order and the quote) instead of the offer to request again.
 */
export function RequestMonthButton({ site, month, base }: { site: DueSite; month: string; base: string }) {
  const request = useRequestMonth();
  const made: ProgrammeRequest | null = request.data?.data ?? site.requested;
  if (made) return <RequestedNumbers made={made} base={base} />;
  if (!site.can_request) return null;
  return (
    <Button
      size="xs"
      loading={request.isPending}
      onClick={() =>
        request.mutate(
          { site_id: site._id, month },
          {
            onSuccess: (res) => notifications.show({ message: res.message, color: 'green' }),
            onError: (err) =>
              notifications.show({ message: serverMessage(err, 'The month could not be requested'), color: 'red' }),
          },
        )
      }
    >
      Request {monthName(month, 'month')} for {site.name}
    </Button>
  );
}

function RequestedNumbers({ made, base }: { made: ProgrammeRequest; base: string }) {
  return (
    <Group gap="xs" data-testid="requested">
      <Text size="sm">Requested:</Text>
      {made.order_request && (
        <Anchor component={Link} to={`${base}/orders/${made.order_request._id}`} size="sm">
          Order {made.order_request.number}
        </Anchor>
      )}
      {made.quote_request && (
        <Anchor component={Link} to={`${base}/quotes/${made.quote_request._id}`} size="sm">
          Quote {made.quote_request.number}
        </Anchor>
      )}
    </Group>
  );
}
