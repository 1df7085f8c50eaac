import { Group, Text } from '@mantine/core';

interface LogoProps {
  /** Icon only (minimized sidebar, small headers). */
  compact?: boolean;
  name?: string;
  size?: number;
}

/** "Filter Portal" brand mark: a pleated filter in a rounded tile. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b7285" />
      <rect x="12" y="14" width="40" height="36" rx="4" fill="none" stroke="#fff" strokeWidth="4" />
      <path d="M20 14v36M28 14v36M36 14v36M44 14v36" stroke="#99e9f2" strokeWidth="2.5" />
    </svg>
  );
}

export function Logo({ compact, name = 'Filter Portal', size = 32 }: LogoProps) {
  return (
    <Group gap={10} wrap="nowrap" aria-label={compact ? name : undefined} role={compact ? 'img' : undefined}>
      <LogoMark size={size} />
      {!compact && (
        <Text component="span" fw={700} fz="lg" c="brand.9" style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
          {name}
        </Text>
      )}
    </Group>
  );
}
