import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from '../../../lib/format/markdown';

/**
 * Markdown as the spec shows it (markdown-it, HTML disabled, no linkify, nesting limit 100): whatever HTML a
 * description or comment holds is escaped into text, never parsed, so a `<script>` shows as written.
 */
export function MarkdownView({ source, empty }: { source: string; empty?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  if (!source.trim())
    return empty ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : null;
  return (
    <Typography
      fz="sm"
      data-testid="markdown"
      style={{ overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html:false escapes every tag
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
