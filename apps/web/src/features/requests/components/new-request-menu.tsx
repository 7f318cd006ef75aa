import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardPath } from '../../../config/paths';
import { FORM_KINDS, KINDS } from './request-form/kinds';

/** The VA's five request forms, by what they ask for. */
export const formHref = (kind: (typeof FORM_KINDS)[number]) => dashboardPath('va', KINDS[kind].path);

/** "New request": a menu to the five forms. */
export function NewRequestMenu() {
  const { t } = useTranslation('requests');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {t('mine.new')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORM_KINDS.map((kind) => (
          <Menu.Item key={kind} component={Link} to={formHref(kind)}>
            {t(`kinds.${kind}.menu`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
