import { Box, Group, Tabs, Textarea, type TextareaProps } from '@mantine/core';
import { type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from './markdown-view';

/**
 * A markdown field with Write and Preview tabs (the preview rendered as everywhere else: HTML escaped).
 * `tools` sit beside the tabs (the comments' "Mention" picker); `inputProps` go on the textarea and `below` under
 * it (the comments' "@" suggestions).
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  error,
  textareaRef,
  tools,
  minRows = 4,
  placeholder,
  disabled,
  defaultTab = 'write',
  inputProps,
  below,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  textareaRef?: Ref<HTMLTextAreaElement>;
  tools?: ReactNode;
  minRows?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Preview first where the text is mostly read (a task's description). */
  defaultTab?: 'write' | 'preview';
  inputProps?: Omit<TextareaProps, 'value' | 'onChange' | 'label'> & Record<`data-${string}`, unknown>;
  below?: ReactNode;
}) {
  const { t } = useTranslation('projects');
  const [tab, setTab] = useState<string>(defaultTab);
  const id = useId();
  return (
    <Box>
      <Tabs value={tab} onChange={(next) => setTab(next ?? 'write')} keepMounted={false}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Tabs.List aria-label={t('markdown.tabs', { label })}>
            <Tabs.Tab value="write">{t('markdown.write')}</Tabs.Tab>
            <Tabs.Tab value="preview">{t('markdown.preview')}</Tabs.Tab>
          </Tabs.List>
          {tab === 'write' && tools}
        </Group>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            id={id}
            ref={textareaRef}
            label={label}
            description={t('markdown.hint')}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            error={error}
            // Not `autosize`: a fixed start the writer may drag taller (autosize also needs `document.fonts`).
            rows={minRows}
            resize="vertical"
            placeholder={placeholder}
            disabled={disabled}
            {...inputProps}
          />
          {below}
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Box aria-label={t('markdown.previewOf', { label })} role="region" mih={60}>
            <MarkdownView source={value} empty={t('markdown.nothing')} />
          </Box>
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
