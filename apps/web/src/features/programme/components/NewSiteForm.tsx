import { useState } from 'react';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../../shared/api/errors';
import { useCreateSite } from '../hooks';

/** An admin adds a site: name and code (the rest is edited later). */
export function NewSiteForm() {
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [city, setCity] = useState('');
  const create = useCreateSite();
  const submit = async () => {
    try {
      await create.mutateAsync({ name, code, ...(city ? { city } : {}) });
      setName('');
      setCode('');
      setCity('');
      notifications.show({ message: 'Site created', color: 'green' });
    } catch (err) {
      notifications.show({ message: serverMessage(err, 'The site could not be added'), color: 'red' });
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Add a site
        </Title>
        <Group align="end" wrap="wrap">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
            required
          />
          <TextInput
            label="Code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            maxLength={32}
            required
          />
          <TextInput label="City" value={city} onChange={(e) => setCity(e.currentTarget.value)} maxLength={100} />
          <Button onClick={() => void submit()} loading={create.isPending} disabled={!name.trim() || !code.trim()}>
            Add site
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
