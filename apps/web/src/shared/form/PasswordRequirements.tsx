import { Box, Group, List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { passwordChecklist, passwordStrength, type PasswordChecklist, type StrengthLabel } from '@portal/domain';

/** Password checklist / hints, in the original order and wording. */
const REQUIREMENTS: { key: keyof PasswordChecklist; label: string }[] = [
  { key: 'length', label: '8+ characters' },
  { key: 'uppercase', label: 'uppercase' },
  { key: 'lowercase', label: 'lowercase' },
  { key: 'number', label: 'number' },
  { key: 'special', label: 'special character' },
];

const STRENGTH_COLOR: Record<StrengthLabel, string> = { Weak: 'red', Fair: 'orange', Good: 'yellow', Strong: 'teal' };

/** Requirements checklist that ticks live as the password is typed. */
export function PasswordChecklistView({
  password,
  id,
  title = 'Password requirements',
}: {
  password: string;
  id?: string;
  title?: string;
}) {
  const checks = passwordChecklist(password);
  return (
    <Box id={id}>
      <Text size="sm" fw={500} mb={4}>
        {title}
      </Text>
      <List spacing={2} size="sm" center aria-label={title}>
        {REQUIREMENTS.map(({ key, label }) => {
          const met = checks[key];
          return (
            <List.Item
              key={key}
              data-met={met}
              icon={
                <ThemeIcon color={met ? 'teal' : 'gray'} variant="light" size={18} radius="xl" aria-hidden>
                  {met ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={met ? 'teal.9' : 'dimmed'} component="span">
                {label}
              </Text>
              <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}

/** Strength meter: Weak / Fair / Good / Strong from the password score (capped at 4). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} id="password-strength-label">
          Password strength
        </Text>
        <Text size="sm" fw={600} data-testid="password-strength" aria-live="polite">
          {password ? label : '—'}
        </Text>
      </Group>
      {/* The section is the progressbar (Mantine puts the role there): it carries the name and value. */}
      <Progress.Root size="sm">
        <Progress.Section
          value={password ? (score / 4) * 100 : 0}
          color={STRENGTH_COLOR[label]}
          aria-labelledby="password-strength-label"
          aria-valuetext={password ? label : 'No password entered'}
        />
      </Progress.Root>
    </Stack>
  );
}
