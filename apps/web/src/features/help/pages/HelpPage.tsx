import { Link } from 'react-router';
import {
  Accordion,
  Anchor,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBuildingCommunity, IconClock, IconFilter, IconSettings } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useAppConfig } from '../../../shared/config';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { FAQ_BY_ROLE } from '../faq';
import classes from './HelpPage.module.css';

export const SUPPORT_HOURS = 'Monday - Friday, 9:00 AM - 5:00 PM EST';

/** Id of a quick link's description text. */
const descriptionId = (label: string) => `help-link-${label.replace(/\W+/g, '-').toLowerCase()}`;

interface QuickLink {
  label: string;
  description: string;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/** Help for admins and employees: quick links, support hours, FAQ. */
export default function HelpPage() {
  const role = useAuthStore((s) => s.role);
  const isAdmin = role === 'admin';
  const area = isAdmin ? 'admin' : 'employee';

  const links: QuickLink[] = [
    {
      label: 'Settings',
      description: 'Profile, password and account details',
      to: `/${area}/settings`,
      icon: IconSettings,
    },
    {
      label: 'Catalog',
      description: 'Browse filters, sizes and your prices',
      to: `/${area}/catalog`,
      icon: IconFilter,
    },
  ];
  if (isAdmin)
    links.push({
      label: 'Company Management',
      description: 'Add, edit and disable employees',
      to: '/admin/mycompany',
      icon: IconBuildingCommunity,
    });

  const faq = FAQ_BY_ROLE[area];
  const office = useAppConfig()?.office;

  return (
    <Stack gap="xl">
      <PageTitle>Help</PageTitle>

      <section aria-labelledby="help-quick-links">
        <Title order={2} fz="lg" mb="sm" id="help-quick-links">
          Quick links
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {links.map(({ label, description, to, icon: Icon }) => (
            <li key={to}>
              <Card withBorder radius="md" padding="md" h="100%" className={classes.card}>
                <Group wrap="nowrap" gap="md">
                  <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                    <Icon size={22} aria-hidden />
                  </ThemeIcon>
                  <div>
                    {/* The link's name is its visible label (axe label-content-name-mismatch); the
                        description is announced as its description; ::after makes the card clickable. */}
                    <UnstyledButton
                      component={Link}
                      to={to}
                      className={classes.link}
                      aria-describedby={descriptionId(label)}
                    >
                      <Text fw={600} component="span">
                        {label}
                      </Text>
                    </UnstyledButton>
                    <Text size="sm" c="dimmed" id={descriptionId(label)}>
                      {description}
                    </Text>
                  </div>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="help-support">
        <Card withBorder radius="md" padding="md">
          <Group wrap="nowrap" gap="md" align="flex-start">
            <ThemeIcon variant="light" color="teal" size={40} radius="md" aria-hidden>
              <IconClock size={22} aria-hidden />
            </ThemeIcon>
            <div>
              <Title order={2} fz="lg" id="help-support">
                Support hours
              </Title>
              <Text>{SUPPORT_HOURS}</Text>
              <Text size="sm" c="dimmed">
                {isAdmin
                  ? 'Contact the office for pricing, custom sizes and your company account.'
                  : 'Contact your company administrator for account access, or the office for products and custom sizes.'}
              </Text>
              {office && (
                <Text size="sm" mt={4} data-testid="office-contact">
                  The office:{' '}
                  {office.phone && <Anchor href={`tel:${office.phone.replace(/[^\d+]/g, '')}`}>{office.phone}</Anchor>}
                  {office.phone && office.email && ' · '}
                  {office.email && <Anchor href={`mailto:${office.email}`}>{office.email}</Anchor>}
                </Text>
              )}
            </div>
          </Group>
        </Card>
      </section>

      <section aria-labelledby="help-faq">
        <Title order={2} fz="lg" mb="sm" id="help-faq">
          Frequently asked questions
        </Title>
        <Accordion variant="separated" radius="md" chevronPosition="right">
          {faq.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id}>
              <Accordion.Control>{entry.question}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {entry.answer.map((p, i) => (
                    <Text key={i} size="sm">
                      {p}
                    </Text>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </section>
    </Stack>
  );
}
