import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Divider, Paper, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconBuilding, IconLock, IconShieldCheck, IconShieldLock, IconUser } from '@tabler/icons-react';
import type { AccountProfile } from '@portal/contracts';
import { ACCOUNT_MSG } from '@portal/domain';
import { CopyButton } from '../../../shared/form';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { accountApi, accountKeys, refreshSessionUser } from '../api';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ImageUploadCard } from '../components/ImageUploadCard';
import { PersonalDetailsForm } from '../components/PersonalDetailsForm';
import { SecurityPolicyCard, TwoFactorPanel, TwoFactorPrompt } from '../../two-factor';

const TABS = ['personal', 'company', 'password', 'two-factor', 'security'] as const;
type TabKey = (typeof TABS)[number];

/**
 * Settings for every role (it also holds what an account/profile page would):
 * Personal Details (profile + profile image), Company/License (admins: company name + company image),
 * Change Password. `?tab=personal|company|password` selects a tab.
 */
export default function SettingsPage() {
  const sessionUser = useAuthStore((s) => s.user);
  const role = useAuthStore((s) => s.role);
  const [params, setParams] = useSearchParams();
  const { data: me, isError } = useQuery({ queryKey: accountKeys.me, queryFn: accountApi.me });

  const isAdmin = role === 'admin';
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey =
    requested &&
    TABS.includes(requested) &&
    (requested !== 'company' || isAdmin) &&
    (requested !== 'security' || role === 'superadmin')
      ? requested
      : 'personal';

  // Until `user/me` answers, the stored session user fills the form.
  const profile: Pick<
    AccountProfile,
    'username' | 'email' | 'role_key' | 'company_id' | 'company_name' | 'picture' | 'company_picture'
  > | null =
    me ?? (sessionUser ? { ...sessionUser, picture: sessionUser.picture ?? null, company_picture: null } : null);

  return (
    <Stack gap={0}>
      <PageTitle>Settings</PageTitle>
      {role === 'superadmin' && tab !== 'two-factor' && (
        <TwoFactorPrompt onSetUp={() => setParams({ tab: 'two-factor' }, { replace: true })} />
      )}
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'personal' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="personal" leftSection={<IconUser size={16} aria-hidden />}>
            Personal Details
          </Tabs.Tab>
          {isAdmin && (
            <Tabs.Tab value="company" leftSection={<IconBuilding size={16} aria-hidden />}>
              Company/License
            </Tabs.Tab>
          )}
          <Tabs.Tab value="password" leftSection={<IconLock size={16} aria-hidden />}>
            Change Password
          </Tabs.Tab>
          <Tabs.Tab value="two-factor" leftSection={<IconShieldLock size={16} aria-hidden />}>
            Two-factor authentication
          </Tabs.Tab>
          {role === 'superadmin' && (
            <Tabs.Tab value="security" leftSection={<IconShieldCheck size={16} aria-hidden />}>
              Security policy
            </Tabs.Tab>
          )}
        </Tabs.List>

        <Tabs.Panel value="personal">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            {isError && !me && (
              <Alert color="yellow" variant="light" mb="md" role="alert">
                {ACCOUNT_MSG.profile.notFound}
              </Alert>
            )}
            {profile ? (
              <Stack gap="lg">
                <ProfileImage profile={profile} />
                <Divider />
                <PersonalDetailsForm profile={profile} />
              </Stack>
            ) : (
              <Skeleton h={240} />
            )}
          </Paper>
        </Tabs.Panel>

        {isAdmin && (
          <Tabs.Panel value="company">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              {profile ? (
                <CompanyDetails
                  companyId={profile.company_id}
                  companyName={profile.company_name}
                  companyPicture={profile.company_picture}
                />
              ) : (
                <Skeleton h={160} />
              )}
            </Paper>
          </Tabs.Panel>
        )}

        <Tabs.Panel value="password">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Title order={2} fz="lg" mb="xs">
              Change Password
            </Title>
            <Text size="sm" c="dimmed" mb="lg">
              Changing your password signs you out on your other devices.
            </Text>
            <ChangePasswordForm />
          </Paper>
        </Tabs.Panel>

        <Tabs.Panel value="two-factor">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <TwoFactorPanel />
          </Paper>
        </Tabs.Panel>

        {role === 'superadmin' && (
          <Tabs.Panel value="security">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <SecurityPolicyCard />
            </Paper>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function ProfileImage({ profile }: { profile: Pick<AccountProfile, 'username' | 'picture'> }) {
  const queryClient = useQueryClient();
  return (
    <ImageUploadCard
      what="profile image"
      picture={profile.picture}
      name={profile.username}
      upload={accountApi.uploadProfileImage}
      successMessage={ACCOUNT_MSG.upload.profileUpdated}
      onUploaded={(picture) => {
        refreshSessionUser({ picture });
        queryClient.setQueryData<AccountProfile>(accountKeys.me, (old) => (old ? { ...old, picture } : old));
      }}
    />
  );
}

/** Company/License tab (admins): read-only company name, company image upload. */
function CompanyDetails({
  companyId,
  companyName,
  companyPicture,
}: {
  companyId: string | null;
  companyName: string | null;
  companyPicture: string | null;
}) {
  // The image uploaded in this visit wins over the one `user/me` reported.
  const [uploaded, setPicture] = useState<string | null>(null);
  const picture = uploaded ?? companyPicture;
  const name = companyName ?? 'N/A';
  return (
    <Stack gap="lg" maw={480}>
      <Title order={2} fz="lg">
        Company Details
      </Title>
      <TextInput
        label="Company Name"
        value={name}
        readOnly
        variant="filled"
        rightSection={<CopyButton value={companyName ?? ''} label="company name" />}
      />
      {companyId && (
        <ImageUploadCard
          what="company image"
          picture={picture}
          name={name}
          radius="md"
          upload={(file) => accountApi.uploadCompanyImage(companyId, file)}
          successMessage={ACCOUNT_MSG.upload.companyUpdated}
          onUploaded={setPicture}
        />
      )}
    </Stack>
  );
}
