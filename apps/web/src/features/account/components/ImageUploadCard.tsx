import { useId, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { ACCOUNT_MSG } from '@portal/domain';
import { isApiRequestError, handleGlobalApiError } from '../../../shared/api';
import { bodyMessage as serverMessage } from '../../../shared/api';
import { useAuthImage } from '../useAuthImage';

/** Same limits as the API (image-files.ts): PNG/JPEG/WebP, at most 5 MB. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Client-side check before uploading; the server validates the content again. */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return ACCOUNT_MSG.upload.badType;
  if (file.size > MAX_IMAGE_BYTES) return ACCOUNT_MSG.upload.tooLarge;
  if (file.size === 0) return ACCOUNT_MSG.upload.fileRequired;
  return null;
}

interface ImageUploadCardProps {
  /** Accessible name of the file control and button, e.g. "profile image". */
  what: string;
  /** Current picture (API-relative URL) or null. */
  picture: string | null | undefined;
  /** Initials fallback. */
  name: string;
  upload: (file: File) => Promise<{ message?: string; data: { picture: string } }>;
  successMessage: string;
  onUploaded: (picture: string) => void;
  radius?: 'xl' | 'md';
}

/** Shows the current image and uploads a new one (multipart field `file`). */
export function ImageUploadCard({
  what,
  picture,
  name,
  upload,
  successMessage,
  onUploaded,
  radius = 'xl',
}: ImageUploadCardProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const src = useAuthImage(picture);
  const send = useMutation({
    mutationFn: upload,
    onSuccess: (res) => {
      onUploaded(res.data.picture);
      notifications.show({ color: 'teal', message: successMessage, autoClose: 3000 });
    },
    onError: (err) => {
      if (isApiRequestError(err) && err.status === 401) handleGlobalApiError(err);
      else
        notifications.show({
          color: 'red',
          title: 'Image Upload Failed',
          message: serverMessage(err, 'The image could not be uploaded. Please try again.'),
          autoClose: 5000,
        });
    },
  });

  const onFile = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      notifications.show({ color: 'red', title: 'Image Upload Failed', message: problem, autoClose: 5000 });
      return;
    }
    send.mutate(file);
  };

  const label = what.charAt(0).toUpperCase() + what.slice(1);
  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar src={src} alt={src ? `${label}` : undefined} name={name} color="initials" size={88} radius={radius} />
      <Stack gap={6}>
        <Text fw={500} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          PNG, JPEG or WebP, up to 5 MB.
        </Text>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-label={`Choose ${what} file`}
          hidden
          onChange={(e) => onFile(e.currentTarget.files?.[0])}
        />
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} aria-hidden />}
            loading={send.isPending}
            onClick={() => inputRef.current?.click()}
          >
            Upload {what}
          </Button>
        </Group>
      </Stack>
    </Group>
  );
}
