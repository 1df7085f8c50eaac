import { Link } from 'react-router';
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../../shared/ui';

/** Admins: static sample page explaining what an employee account can do. */
export default function EmployeeInfoPage() {
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>Employee Information</PageTitle>
      <Text>
        Employees are the people in your company who order filters. You add them on{' '}
        <Anchor component={Link} to="/admin/mycompany">
          My Company
        </Anchor>
        ; each receives an email with a link to sign in and set their own password.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          What an employee can do
        </Title>
        <List spacing="xs">
          <List.Item>Browse the catalogue with your company&apos;s prices.</List.Item>
          <List.Item>Search by part number, or use the odd-size search to find a filter by its dimensions.</List.Item>
          <List.Item>Update their own username, email and password in Settings.</List.Item>
          <List.Item>Read the Help page and contact support.</List.Item>
        </List>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          What only you, the administrator, can do
        </Title>
        <List spacing="xs">
          <List.Item>Add employees, and change their username, email and status.</List.Item>
          <List.Item>Set an employee Inactive: they are signed out at once and cannot sign in again.</List.Item>
          <List.Item>Delete employees, and resend their account information.</List.Item>
        </List>
      </Paper>
      <Paper withBorder p="lg" radius="md" bg="gray.0">
        <Title order={2} size="h4" mb="sm">
          Sample employee
        </Title>
        <Text size="sm">Username: Sam Sample</Text>
        <Text size="sm">Email: sam.sample@example.com</Text>
        <Text size="sm">Status: Active</Text>
        <Text size="sm">Access: Catalog, Settings, Help</Text>
      </Paper>
    </Stack>
  );
}
