import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
