import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { CompanyListItem } from '@portal/contracts';
import { ORG_MSG } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { companiesKeys } from '../api';
import { useDeleteCompany } from '../mutations';
import { FormAlert } from '../../auth';
import { usersKeys } from '../../users';

interface Props {
  company: CompanyListItem;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Last confirmation before `DELETE company/{id}`: all associated administrators and
 * employees are deleted too. A failure stays in the dialog: server message or 'Failed to delete company'.
 */
export function DeleteCompanyDialog({ company, opened, onClose, onDeleted }: Props) {
  const queryClient = useQueryClient();
  const removeCompany = useDeleteCompany();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await removeCompany(company._id);
      notifications.show({ color: 'teal', message: res?.message || ORG_MSG.success.companyDeleted, autoClose: 3000 });
      setBusy(false);
      onClose();
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: companiesKeys.lists });
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    } catch (err) {
      setBusy(false);
      if (handledAsSessionEnd(err)) return;
      setFailure(serverMessage(err, ORG_MSG.failure.companyDelete));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Delete Company" centered>
      <Stack gap="md">
        <Text>
          Are you sure you want to delete <strong>{company.name}</strong>? All associated administrators and employees
          will be deleted. This action cannot be undone.
        </Text>
        {failure && (
          <FormAlert tone="error" title="Delete failed">
            {failure}
          </FormAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            Yes, Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
