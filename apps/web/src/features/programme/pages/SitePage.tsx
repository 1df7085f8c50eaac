import { useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PROGRAMME_ROUTES, UNIT_KIND_LABEL } from '@portal/domain';
import { downloadRoute } from '../../../shared/download';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import type { Slot } from '../api';
import { AddSlotForm } from '../components/AddSlotForm';
import { AddUnitForm } from '../components/AddUnitForm';
import { RecordChangeModal } from '../components/RecordChangeModal';
import { SlotCard } from '../components/SlotCard';
import { SlotHistory } from '../components/SlotHistory';
import { useProgrammeLiveUpdates, useSite } from '../hooks';

/** A site: its units and their filter slots, "Record change", "Skip" and each slot's history. */
export default function SitePage() {
  const { id } = useParams();
  const role = useAuthStore((s) => s.role);
  const site = useSite(id);
  useProgrammeLiveUpdates();
  const [recording, setRecording] = useState<Slot | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  if (!site.data) return null;
  const s = site.data;
  const canManage = s.allowed_actions.includes('manage');
  const canRecord = s.allowed_actions.includes('record');
  const address = [s.address_line1, s.city, s.region, s.postal_code, s.country].filter(Boolean).join(', ');
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{s.name}</PageTitle>
        <Group gap="xs">
          <Button component={Link} to={`/${role}/programme/due?site=${s._id}`} variant="light">
            Due
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void downloadRoute(PROGRAMME_ROUTES.records, { params: { id: s._id } }, `filter-record-${s.code}.pdf`)
            }
          >
            Records PDF
          </Button>
        </Group>
      </Group>
      <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {s.code}
        {address ? ` · ${address}` : ''} · {s.time_zone}
        {s.contact_users.length > 0 && ` · Contacts: ${s.contact_users.map((c) => c.username).join(', ')}`}
        {s.status === 'archived' && (
          <Badge ml="xs" color="gray">
            Archived
          </Badge>
        )}
      </Text>
      {s.units.length === 0 && <Text c="dimmed">No units yet.</Text>}
      {s.units.map((u) => (
        <Paper key={u._id} withBorder p="sm">
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
                {u.label}
              </Title>
              <Text size="sm" c="dimmed">
                {UNIT_KIND_LABEL[u.kind as keyof typeof UNIT_KIND_LABEL] ?? u.kind}
                {u.min_merv !== null && ` · MERV ≥ ${u.min_merv}`}
                {u.location_note ? ` · ${u.location_note}` : ''}
              </Text>
            </Group>
            {u.slots.length === 0 && <Text size="sm">No filter slots yet.</Text>}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
              {u.slots.map((slot) => (
                <SlotCard
                  key={slot._id}
                  slot={slot}
                  canManage={canManage}
                  canRecord={canRecord}
                  onRecord={setRecording}
                  onHistory={setHistoryOf}
                />
              ))}
            </SimpleGrid>
            {canManage && s.status === 'active' && (
              <AddSlotForm unitId={u._id} today={s.today} companyId={s.company_id} />
            )}
          </Stack>
        </Paper>
      ))}
      {canManage && s.status === 'active' && <AddUnitForm siteId={s._id} />}
      <RecordChangeModal
        key={recording?._id ?? 'none'}
        slot={recording}
        today={s.today}
        companyId={s.company_id}
        onClose={() => setRecording(null)}
      />
      <SlotHistory slotId={historyOf} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}
