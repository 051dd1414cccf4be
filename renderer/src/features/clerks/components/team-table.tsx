/**
 * Settings → 操作员's team list for admins: each clerk's role, the enterprises they may act for (an agency's
 * admin keeps a clerk to some; none chosen: all), state (在用 / 已停用, and 已锁定 after five wrong PINs),
 * 重设 PIN (which also lifts a lock) and 解锁 (main refuses anyone else).
 */
import { useEffect, useState } from 'react';
import { Button, Input, Popover, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLERK_ROLES, PIN_MIN_LENGTH, type Clerk } from '../../../../../shared/ipc/schemas/clerks.js';
import { formatDateTime } from '../../../lib/format.js';
import { loadChoices } from '../../enterprises/actions.js';
import { useEnterprisesStore } from '../../enterprises/store.js';
import { resetClerkPin, setClerkActive, setClerkEnterprises, setClerkRole, unlockClerk, useClerksStore } from '../actions.js';

function ResetPin({ clerk }: { clerk: Clerk }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [open, setOpen] = useState(false);
  const short = pin.length < PIN_MIN_LENGTH;
  const save = async () => {
    if (short) return;
    if (await resetClerkPin(clerk.id, pin)) setOpen(false);
    setPin('');
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Space.Compact>
          <Input.Password
            autoFocus
            placeholder={t('clerks.card.newPin')}
            status={pin !== '' && short ? 'warning' : ''}
            value={pin} onChange={(e) => setPin(e.target.value)} onPressEnter={() => void save()} data-testid={`clerk-new-pin-${clerk.id}`} />
          <Tooltip title={short ? t('clerks.card.pinRule', { min: PIN_MIN_LENGTH }) : ''}>
            <Button type="primary" disabled={short} onClick={() => void save()} data-testid={`clerk-new-pin-save-${clerk.id}`}>
              {t('clerks.card.resetPin')}
            </Button>
          </Tooltip>
        </Space.Compact>
      }
    >
      <Button size="small" data-testid={`clerk-reset-pin-${clerk.id}`}>
        {t('clerks.card.resetPin')}
      </Button>
    </Popover>
  );
}

export function TeamTable() {
  const { t } = useTranslation();
  const team = useClerksStore((s) => s.team);
  const busy = useClerksStore((s) => s.busy);
  const self = useClerksStore((s) => s.session?.clerk?.id ?? null);
  const enterprises = useEnterprisesStore((s) => s.choices?.choices ?? []);
  useEffect(() => void loadChoices(), []);
  return (
    <Table<Clerk>
      size="small"
      rowKey="id"
      pagination={false}
      loading={busy}
      dataSource={team}
      data-testid="clerks-team"
      onRow={(clerk) => ({ 'data-testid': `clerk-row-${clerk.name}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'name', title: t('clerks.name'), dataIndex: 'name' },
        {
          key: 'role',
          title: t('clerks.card.role'),
          render: (_, clerk) => (
            <Select
              size="small"
              style={{ minWidth: 120 }}
              value={clerk.role}
              disabled={!clerk.active}
              onChange={(role) => void setClerkRole(clerk.id, role)}
              options={CLERK_ROLES.map((role) => ({ value: role, label: t(`clerks.roles.${role}`) }))}
              data-testid={`clerk-role-${clerk.id}`}
            />
          ),
        },
        {
          key: 'enterprises',
          title: t('clerks.card.enterprises'),
          render: (_, clerk) => (
            <Select
              size="small"
              mode="multiple"
              allowClear
              style={{ minWidth: 220 }}
              placeholder={t('clerks.card.allEnterprises')}
              value={clerk.enterprises}
              disabled={!clerk.active}
              onChange={(list: string[]) => void setClerkEnterprises(clerk.id, list)}
              options={[...new Set([...enterprises.map((e) => e.taxNumber), ...clerk.enterprises])].map((taxNumber) => ({
                value: taxNumber,
                label: enterprises.find((e) => e.taxNumber === taxNumber)?.name ?? taxNumber,
              }))}
              data-testid={`clerk-enterprises-${clerk.id}`}
            />
          ),
        },
        {
          key: 'state',
          title: t('clerks.card.state'),
          render: (_, clerk) => (
            <Space size={4}>
              <Tag color={clerk.active ? 'green' : 'default'}>{clerk.active ? t('clerks.card.active') : t('clerks.card.inactive')}</Tag>
              {clerk.lockedAt !== null && (
                <Tooltip title={t('clerks.card.lockedSince', { at: formatDateTime(clerk.lockedAt) })}>
                  <Tag color="red" data-testid={`clerk-locked-${clerk.id}`}>
                    {t('clerks.card.locked')}
                  </Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        { key: 'createdBy', title: t('clerks.card.createdBy'), render: (_, clerk) => `${clerk.createdBy ?? ''} ${formatDateTime(clerk.createdAt)}`.trim() },
        {
          key: 'actions',
          render: (_, clerk) => (
            <Space>
              {clerk.id !== self && (
                <Button size="small" danger={clerk.active} onClick={() => void setClerkActive(clerk.id, !clerk.active)} data-testid={`clerk-toggle-${clerk.id}`}>
                  {clerk.active ? t('clerks.card.deactivate') : t('clerks.card.reactivate')}
                </Button>
              )}
              {clerk.active && <ResetPin clerk={clerk} />}
              {clerk.lockedAt !== null && (
                <Button size="small" type="primary" onClick={() => void unlockClerk(clerk.id)} data-testid={`clerk-unlock-${clerk.id}`}>
                  {t('clerks.card.unlock')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
