/** The header's clerk: who is signed in and in which role, with 退出登录 and 切换操作员 (both back to the sign-in screen). */
import { Button, Dropdown, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOut, useClerksStore } from '../actions.js';

export function ClerkMenu() {
  const { t } = useTranslation();
  const clerk = useClerksStore((s) => s.session?.clerk ?? null);
  if (!clerk) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'switch', label: <span data-testid="clerk-switch">{t('clerks.switchClerk')}</span> },
          { key: 'signOut', label: <span data-testid="clerk-sign-out">{t('clerks.signOut')}</span> },
        ],
        onClick: () => void signOut(),
      }}
    >
      <Button size="small" data-testid="clerk-menu" data-clerk={clerk.name} data-role={clerk.role}>
        {clerk.name} <Tag style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>{t(`clerks.roles.${clerk.role}`)}</Tag>
      </Button>
    </Dropdown>
  );
}
