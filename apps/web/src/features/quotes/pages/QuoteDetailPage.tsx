import { Link, useParams } from 'react-router';
import { Anchor, Button, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { QUOTE_PDF_STATUSES, todayIn, validUntilText } from '@portal/domain';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { downloadQuotePdf } from '../api';
import { CustomerActions } from '../components/CustomerActions';
import { OfficePanel } from '../components/OfficePanel';
import { QuoteLinesTable } from '../components/QuoteLinesTable';
import { QuoteStatusBadge } from '../components/QuoteStatusBadge';
import { QuoteThread } from '../components/QuoteThread';
import { useQuote, useQuoteLiveUpdates } from '../hooks';

/** One request: the lines, the thread, the validity and what the viewer may do now. */
export default function QuoteDetailPage() {
  const { id } = useParams();
  const role = useAuthStore((s) => s.role);
  const quote = useQuote(id);
  useQuoteLiveUpdates();
  if (quote.isPending) return <Loader aria-label="Loading" />;
  if (quote.isError || !quote.data) return <Text role="alert">Quote request not found</Text>;
  const q = quote.data;
  const office = role === 'superadmin';
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/${role}/quotes`}>
        ← {office ? 'Quote desk' : 'Quotes'}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <PageTitle documentTitle={`Quote ${q.number}`}>
          Quote {q.number} <QuoteStatusBadge status={q.status} />
        </PageTitle>
        {QUOTE_PDF_STATUSES.includes(q.status) && (
          <Button variant="default" onClick={() => void downloadQuotePdf(q._id, q.number)}>
            PDF
          </Button>
        )}
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Text>
          {q.company.name} · requested by {q.requested_by.name} on {new Date(q.created_at).toLocaleDateString()}
          {q.revision > 1 ? ` · revision ${q.revision}` : ''}
        </Text>
        {q.valid_until && (
          <Text fw={600} data-testid="validity">
            {q.status === 'expired' ? `Expired: was ${validUntilText(q.valid_until)}` : validUntilText(q.valid_until)}
          </Text>
        )}
        {q.customer_reference && <Text>Your reference: {q.customer_reference}</Text>}
        {q.note && <Text style={{ whiteSpace: 'pre-wrap' }}>Note: {q.note}</Text>}
        {q.decision_reason && <Text>Reason: {q.decision_reason}</Text>}
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {office ? <OfficePanel key={q.version} quote={q} today={today} /> : <QuoteLinesTable lines={q.lines} />}
            {!office && <CustomerActions quote={q} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <QuoteThread id={q._id} messages={q.messages} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
