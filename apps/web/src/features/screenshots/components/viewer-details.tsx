import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityBar } from '../../../components/attendance/activity-bar';
import { sameWallClock } from '../../../components/attendance/zoned-time';
import { clientName } from '../../../lib/format/client-name';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import type { ScreenshotDetail } from '../api/queries';
import { CaptureBadges } from './badges';
import { formatBytes } from './format';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/**
 * What the capture is: whose, for whom, under which contract, when (the viewer's time, and the contract's
 * when its clock differs), the block's activity, how it was taken, and its size.
 */
export function ViewerDetails({ detail, zone }: { detail: ScreenshotDetail; zone: string }) {
  const { t } = useTranslation('screenshots');
  const fmt = useTimeFormatter();
  const at = new Date(detail.taken_at);
  const otherZone = sameWallClock(at, zone, detail.timezone) ? null : detail.timezone;
  const screens = 1 + detail.siblings.length;
  return (
    <Stack gap="sm" component="dl" m={0} data-testid="viewer-details">
      <Item label={t('details.va')}>{detail.va.name}</Item>
      <Item label={t('details.client')}>{clientName(detail.client)}</Item>
      <Item label={t('details.contract')}>{detail.contract.title}</Item>
      <Item label={t('details.taken')}>
        <time dateTime={detail.taken_at}>{fmt.dateTime(at, zone)}</time>
        <Text span size="xs" c="dimmed" display="block">
          {t('details.yourTime', { zone })}
        </Text>
        {otherZone && (
          <>
            <Text span size="sm" display="block" mt={4}>
              {fmt.dateTime(at, otherZone)}
            </Text>
            <Text span size="xs" c="dimmed" display="block">
              {t('details.contractTime', { zone: otherZone })}
            </Text>
          </>
        )}
      </Item>
      <Item label={t('details.activity')}>
        <ActivityBar percent={detail.activity_percent} width={120} />
      </Item>
      <Item label={t('details.how')}>
        <Text span size="sm" display="block" mb={4}>
          {t(`source.${detail.source}`)} · {t(`tracker.${detail.tracker}`)}
        </Text>
        <CaptureBadges shot={detail} />
      </Item>
      <Item label={t('details.size')}>
        {detail.status === 'expired'
          ? t('image.removed')
          : t('details.sizeValue', {
              width: detail.width,
              height: detail.height,
              bytes: formatBytes(detail.bytes),
            })}
        {screens > 1 && (
          <Text span size="xs" c="dimmed" display="block">
            {t('image.screens', { count: screens })}
          </Text>
        )}
      </Item>
    </Stack>
  );
}
