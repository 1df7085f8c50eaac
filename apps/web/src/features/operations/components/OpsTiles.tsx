import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { OpsSummary } from '../api';

function Tile({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <div>
      <Text fz={26} fw={700} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

function age(s: number | null): string {
  if (s === null) return '–';
  if (s < 120) return `${s} s`;
  if (s < 2 * 3600) return `${Math.round(s / 60)} min`;
  if (s < 2 * 86400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}

const share = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)} %`);

/** Online now, queues and workers, outbox lag, email over 24 h (and quotes/search when they exist). */
export function OpsTiles({ summary }: { summary: OpsSummary }) {
  const { online, queues, workers, outbox, email } = summary;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <Tile title="Online now">
        <Group gap="lg">
          <Figure label="people" value={online.total} testId="ops-online-total" />
          <Figure label="superadmins" value={online.superadmin} />
          <Figure label="admins" value={online.admin} />
          <Figure label="employees" value={online.employee} />
        </Group>
      </Tile>
      <Tile title="Queues and workers">
        <BarChart
          h={120}
          data={queues.map((q) => ({ queue: q.name, waiting: q.waiting, active: q.active, failed: q.failed }))}
          dataKey="queue"
          type="stacked"
          withLegend={false}
          withTooltip
          tickLine="none"
          gridAxis="none"
          series={[
            { name: 'waiting', color: 'blue.5' },
            { name: 'active', color: 'teal.5' },
            { name: 'failed', color: 'red.6' },
          ]}
        />
        <List size="xs" mt="xs" spacing={2} aria-label="Workers">
          {workers.map((w) => (
            <List.Item key={w.id}>
              {w.id}{' '}
              {w.stale ? (
                <Badge color="red.9" variant="filled" size="xs">
                  stale
                </Badge>
              ) : w.stopped ? (
                <Badge color="gray.7" variant="filled" size="xs">
                  stopped
                </Badge>
              ) : (
                <Badge color="teal.9" variant="filled" size="xs">
                  running
                </Badge>
              )}
            </List.Item>
          ))}
          {!workers.length && <List.Item>No worker has reported</List.Item>}
        </List>
      </Tile>
      <Tile title="Outbox lag">
        <Group gap="lg">
          <Figure label="events waiting" value={outbox.pending} testId="ops-outbox-pending" />
          <Figure label="oldest" value={age(outbox.oldest_age_s)} />
        </Group>
      </Tile>
      <Tile title="Email, last 24 h">
        <Stack gap={4}>
          <Group gap="lg">
            <Figure label="sent" value={email.sent} testId="ops-email-sent" />
            <Figure label="bounced" value={email.bounced} testId="ops-email-bounced" />
            <Figure label="failed" value={email.failed} testId="ops-email-failed" />
          </Group>
          <Text size="xs" c="dimmed">
            {email.deferred} deferred · {email.suppressed} suppressed · {email.complained} complaints
          </Text>
        </Stack>
      </Tile>
      {summary.quotes && (
        <Tile title="Quote requests">
          <Stack gap={4}>
            <Group gap="lg">
              <Figure label="submitted" value={summary.quotes.submitted} testId="ops-quotes-submitted" />
              <Figure label="in review" value={summary.quotes.in_review} />
              <Figure label="waiting for customer info" value={summary.quotes.info_requested} />
            </Group>
            <Text size="xs" c="dimmed" data-testid="ops-quotes-oldest">
              {summary.quotes.quoted} quoted, awaiting the customer ·{' '}
              {summary.quotes.oldest_waiting_s === null
                ? 'nothing waiting for the office'
                : `oldest waiting ${age(summary.quotes.oldest_waiting_s)}`}
            </Text>
          </Stack>
        </Tile>
      )}
      {summary.search && (
        <Tile title="Search, last 24 h">
          <Group gap="lg">
            <Figure label="searches" value={summary.search.searches} testId="ops-search-total" />
            <Figure
              label="found nothing"
              value={share(summary.search.zero_result_share)}
              testId="ops-search-zero-share"
            />
          </Group>
          <Text size="xs" c="dimmed">
            {summary.search.zero_results} searches with no result
          </Text>
        </Tile>
      )}
    </SimpleGrid>
  );
}
