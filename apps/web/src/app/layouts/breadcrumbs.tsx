import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { navLabelKey } from '../nav';

/** Crumbs from the path: each prefix that names a known page, the last one plain text. */
export function PageBreadcrumbs() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const parts = pathname.split('/').filter(Boolean);
  const crumbs = parts
    .map((_, i) => `/${parts.slice(0, i + 1).join('/')}`)
    .map((path) => ({ path, key: navLabelKey(path) }))
    .filter((c): c is { path: string; key: string } => c.key !== null);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('nav.breadcrumbs')}>
      <Breadcrumbs mb="md">
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <Text key={c.path} size="sm" aria-current="page">
              {t(c.key)}
            </Text>
          ) : (
            <Anchor key={c.path} component={Link} to={c.path} size="sm">
              {t(c.key)}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
