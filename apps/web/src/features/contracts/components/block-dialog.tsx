import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { isOvernight } from '@vahub/shared/time/weekdays';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockValues, MinuteInput, WeekdaySelect } from './block-fields';

interface Props {
  opened: boolean;
  block: BlockValues | null;
  error?: string | null;
  /** A block not saved yet (its creation failed): "Delete" discards it. */
  unsaved?: boolean;
  onClose: () => void;
  onSave: (values: BlockValues) => void;
  onDelete: () => void;
}

/** Keyboard path to every grid action: change a block's weekday, start and end, or delete it. */
export function BlockDialog({ opened, block, error, unsaved, onClose, onSave, onDelete }: Props) {
  const { t } = useTranslation('contracts');
  const [values, setValues] = useState<BlockValues | null>(block);
  useEffect(() => setValues(block), [block]);
  if (!values) return null;
  const same = values.start_minute === values.end_minute;
  return (
    <Modal opened={opened} onClose={onClose} title={unsaved ? t('block.unsavedTitle') : t('block.editTitle')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!same) onSave(values);
        }}
      >
        <Stack gap="sm">
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          <WeekdaySelect value={values.weekday} onChange={(weekday) => setValues({ ...values, weekday })} />
          <Group grow>
            <MinuteInput
              label={t('block.start')}
              value={values.start_minute}
              onChange={(start_minute) => setValues({ ...values, start_minute })}
            />
            <MinuteInput
              label={t('block.end')}
              value={values.end_minute}
              onChange={(end_minute) => setValues({ ...values, end_minute })}
            />
          </Group>
          {same ? (
            <Text size="sm" c="red">
              {t('block.sameTimes')}
            </Text>
          ) : (
            isOvernight(values.start_minute, values.end_minute) && (
              <Text size="sm" c="dimmed">
                {t('block.overnight')}
              </Text>
            )
          )}
          <Group justify="space-between" mt="sm">
            <Button color="red" variant="light" onClick={onDelete}>
              {unsaved ? t('block.discard') : t('block.delete')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" disabled={same}>
                {t('block.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
