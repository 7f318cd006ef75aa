import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type Me } from '@vahub/shared/auth/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import { initials } from '../../../lib/format/avatar';
import { notify } from '../../../lib/notify';
import { useUploadAvatar } from '../api/account';

/** Why a file cannot be an avatar, as a translation key, or null when it is fine. */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return 'profile.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'profile.avatarSize';
  return null;
}

export function AvatarUpload({ me }: { me: Me }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      notify('warning', t(problem));
      return;
    }
    setPreview(URL.createObjectURL(file));
    try {
      await upload.mutateAsync({ userId: me.id, file });
      notify('green', t('profile.avatarUploaded'));
    } catch (err) {
      setPreview(null);
      notify('warning', problemMessage(t, err));
    }
  };

  return (
    <Group gap="lg" align="center">
      <Avatar
        src={preview ?? me.avatar_url}
        size={88}
        radius={88}
        color="primary"
        alt={t('profile.avatar')}
        data-testid="avatar-preview"
      >
        {initials(me.first_name, me.last_name, me.email)}
      </Avatar>
      <Stack gap={4}>
        <FileButton onChange={pick} accept={AVATAR_MIME_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" loading={upload.isPending}>
              {t('profile.uploadAvatar')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('profile.avatarHelp')}
        </Text>
      </Stack>
    </Group>
  );
}
