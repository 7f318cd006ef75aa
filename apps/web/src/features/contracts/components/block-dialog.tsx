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
  /** A saved block whose refused change is still shown: offers to put it back as saved. */
  onDiscardChange?: () => void;
  onClose: () => void;
  onSave: (values: BlockValues) => void;
  onDelete: () => void;
}

const sameBlock = (a: BlockValues | null, b: BlockValues | null) =>
  a !== null &&
  b !== null &&
  a.weekday === b.weekday &&
  a.start_minute === b.start_minute &&
  a.end_minute === b.end_minute;

/** Keyboard path to every grid action: change a block's weekday, start and end, or delete it. */
export function BlockDialog({
  opened,
  block,
  error,
  unsaved,
  onDiscardChange,
  onClose,
  onSave,
  onDelete,
}: Props) {
  const { t } = useTranslation('contracts');
  const [values, setValues] = useState<BlockValues | null>(block);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new block to edit, not a new object of the same one
  useEffect(() => setValues(block), [block?.weekday, block?.start_minute, block?.end_minute]);
  if (!values) return null;
  // The refusal was about the values that were sent: once the user changes them it no longer applies.
  const shownError = error && sameBlock(values, block) ? error : null;
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
          {shownError && (
            <Alert color="red" variant="light">
              {shownError}
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
            <Group gap="xs">
              <Button color="red" variant="light" onClick={onDelete}>
                {unsaved ? t('block.discard') : t('block.delete')}
              </Button>
              {onDiscardChange && (
                <Button variant="default" onClick={onDiscardChange}>
                  {t('block.discardChange')}
                </Button>
              )}
            </Group>
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
