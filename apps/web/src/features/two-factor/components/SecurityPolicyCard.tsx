import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RequireTwoFactorFor } from '@portal/contracts';
import { TWO_FACTOR_MSG } from '@portal/domain';
import { serverMessage } from '../../../shared/api';
import { twoFactorApi, twoFactorKeys } from '../api';

const OPTIONS: { value: RequireTwoFactorFor; label: string; description: string }[] = [
  { value: 'none', label: 'Nobody', description: 'Everyone may choose to use two-factor authentication.' },
  { value: 'superadmins', label: 'Super admins', description: 'Supplier staff must use it.' },
  { value: 'admins', label: 'All administrators', description: 'Super admins and company administrators.' },
  { value: 'everyone', label: 'Everyone', description: 'Every account, employees included.' },
];

/** Superadmin: who must use two-factor authentication. Newly covered users are signed out and enrol at next sign-in. */
export function SecurityPolicyCard() {
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: twoFactorKeys.policy, queryFn: twoFactorApi.policy });
  // The saved policy until the superadmin picks another option.
  const [picked, setValue] = useState<RequireTwoFactorFor | null>(null);
  const value = picked ?? policy.data?.require_2fa_for ?? null;
  const save = useMutation({
    mutationFn: twoFactorApi.setPolicy,
    onSuccess: (data) => {
      queryClient.setQueryData(twoFactorKeys.policy, data);
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
      notifications.show({ color: 'teal', message: TWO_FACTOR_MSG.policySaved });
    },
  });

  if (!policy.data || value === null) return <Skeleton h={200} />;
  return (
    <form
      aria-label="Security policy"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value);
      }}
    >
      <Stack gap="md" maw={560}>
        <Title order={2} fz="lg">
          Security policy
        </Title>
        <Text size="sm" c="dimmed">
          Users the policy covers who have no second factor are signed out and must set one up at their next sign-in.
        </Text>
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {serverMessage(save.error, 'The policy could not be saved.')}
          </Alert>
        )}
        <Radio.Group
          label="Require two-factor authentication for"
          value={value}
          onChange={(v) => setValue(v as RequireTwoFactorFor)}
        >
          <Stack gap="sm" mt="xs">
            {OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} description={o.description} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={value === policy.data.require_2fa_for}>
            Save policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
