import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { QuoteRequestDetail } from '@portal/contracts';
import { QUOTE_MSG } from '@portal/domain';
import { serverMessage } from '../../../shared/api/errors';
import { useQuoteAction } from '../hooks';
import { QuoteTextBox } from './QuoteTextBox';

/** What the requester or a company admin may do now (exactly `allowed_actions`). */
export function CustomerActions({ quote }: { quote: QuoteRequestDetail }) {
  const run = useQuoteAction(quote._id);
  const [confirmed, setConfirmed] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const can = (a: string) => quote.allowed_actions.includes(a as never);
  const go = (action: Parameters<typeof run.mutate>[0]) =>
    run.mutate(action, {
      onError: (e) => setError(serverMessage(e, 'That did not work. Please try again.')),
      onSuccess: () => setError(null),
    });

  if (!quote.allowed_actions.length) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Your answer">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {can('accept') && quote.made_to_order && (
        <Checkbox
          label="I understand that custom-size items are made to order and cannot be cancelled or returned."
          checked={confirmed}
          onChange={(e) => setConfirmed(e.currentTarget.checked)}
        />
      )}
      {(can('reply') || can('decline')) && (
        <QuoteTextBox
          label={can('reply') ? 'Your answer to the office' : 'Reason for declining (optional)'}
          value={text}
          onChange={setText}
        />
      )}
      <Group>
        {can('accept') && (
          <Button
            color="teal"
            disabled={quote.made_to_order && !confirmed}
            loading={run.isPending}
            onClick={() =>
              go({
                action: 'accept',
                body: { version: quote.version, made_to_order: quote.made_to_order ? true : undefined },
              })
            }
          >
            Accept
          </Button>
        )}
        {can('decline') && (
          <Button
            variant="default"
            onClick={() => go({ action: 'decline', body: text.trim() ? { reason: text } : {} })}
          >
            Decline
          </Button>
        )}
        {can('reply') && (
          <Button disabled={!text.trim()} onClick={() => go({ action: 'reply', body: { message: text } })}>
            Send answer
          </Button>
        )}
        {can('withdraw') && (
          <Button variant="subtle" color="red" onClick={() => go({ action: 'withdraw' })}>
            Withdraw request
          </Button>
        )}
      </Group>
      {can('accept') && quote.made_to_order && (
        <Text fz="xs" c="gray.7">
          {QUOTE_MSG.madeToOrderTerms}
        </Text>
      )}
    </Stack>
  );
}
