import { Anchor, Badge, Group, List, Stack, Text, Typography } from '@mantine/core';
import type { Claim } from '@vahub/shared/ai/schemas';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardPath } from '../../../config/paths';
import { renderMarkdown } from '../../../lib/format/markdown';

type Signal = {
  id: string;
  rule: string;
  confidence: string;
  threshold: string;
  observed: string;
  from: string;
  to: string;
  page: string;
};

/** An evidence page (relative to the dashboard's root, as the server stores it) on this dashboard. */
export const evidenceHref = (area: DashboardRole, page: string) => dashboardPath(area, page);

/**
 * A report's markdown (markdown-it, HTML disabled: whatever the model wrote is escaped text), its relative evidence
 * links rooted at this dashboard.
 */
export function AiMarkdown({ source, area: role }: { source: string; area: DashboardRole }) {
  const html = useMemo(() => {
    const root = dashboardPath(role, '');
    return renderMarkdown(source).replace(
      /href="(?!\/|https?:|#|mailto:)/g,
      `href="${root.replace(/\/$/, '')}/`,
    );
  }, [source, role]);
  return (
    <Typography
      fz="sm"
      data-testid="ai-markdown"
      style={{ overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html:false escapes every tag
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Each kept claim with links to the records behind it. */
export function ClaimsList({ claims, area: role }: { claims: Claim[]; area: DashboardRole }) {
  const { t } = useTranslation('ai');
  if (!claims.length) return null;
  return (
    <Stack gap={4} data-testid="ai-claims">
      <Text fw={600} size="sm">
        {t('claims.title')}
      </Text>
      <List size="sm" spacing={4}>
        {claims.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: claims have no id and never reorder
          <List.Item key={i}>
            {c.text}{' '}
            {c.evidence.map((e) => (
              <Anchor
                key={e.id}
                component={Link}
                to={evidenceHref(role, e.page)}
                size="xs"
                title={`${e.label}: ${e.value}`}
                mr={6}
              >
                {e.label}
              </Anchor>
            ))}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The signals with their rule and threshold: "needs review", never a verdict. */
export function SignalsList({ signals, area: role }: { signals: Signal[]; area: DashboardRole }) {
  const { t } = useTranslation('ai');
  if (!signals.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('signals.title')}
      </Text>
      {signals.map((s) => (
        <Group key={s.id} gap="xs" wrap="nowrap" align="flex-start">
          <Badge color="yellow" variant="light">
            {t('signals.needsReview', { confidence: t(`signals.confidence.${s.confidence}`) })}
          </Badge>
          <Text size="sm">
            {s.observed} ({s.from}–{s.to}).{' '}
            <Text span c="dimmed" size="xs">
              {t('signals.rule', { rule: s.threshold })}
            </Text>{' '}
            <Anchor component={Link} to={evidenceHref(role, s.page)} size="xs">
              {t('signals.evidence')}
            </Anchor>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
