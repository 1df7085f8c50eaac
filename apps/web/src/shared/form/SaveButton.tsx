import { Button } from '@mantine/core';

/** The Save of an edit form: loading while submitting, enabled once something changed. */
export function SaveButton({ submitting, dirty }: { submitting: boolean; dirty: boolean }) {
  return (
    <Button type="submit" loading={submitting} disabled={!dirty}>
      Save
    </Button>
  );
}
