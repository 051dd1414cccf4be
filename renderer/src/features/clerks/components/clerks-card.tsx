/**
 * Settings → 操作员 (issue 24 point 5): without clerks, what adding the first one (an admin) changes, and its
 * form; for an admin, the team (team-table.tsx) and 添加操作员; for every signed-in clerk, 修改我的 PIN.
 */
import { useEffect } from 'react';
import { Alert, Button, Card, Divider, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLERK_ROLES, PIN_MIN_LENGTH, type ClerkRole } from '../../../../../shared/ipc/schemas/clerks.js';
import { useChanges } from '../../../lib/change-feed.js';
import { addClerk, changeOwnPin, loadTeam, useAllowed, useClerksStore } from '../actions.js';
import { TeamTable } from './team-table.js';

interface NewClerk {
  name: string;
  role: ClerkRole;
  pin: string;
}

function AddClerkForm({ first }: { first: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewClerk>();
  const busy = useClerksStore((s) => s.busy);
  const submit = async (values: NewClerk) => {
    if (await addClerk({ ...values, role: first ? 'admin' : values.role })) form.resetFields();
  };
  return (
    <Form<NewClerk> form={form} layout="inline" initialValues={{ role: first ? 'admin' : 'issuer' }} onFinish={(values) => void submit(values)} data-testid="clerk-add-form">
      <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('clerks.name') }]}>
        <Input placeholder={t('clerks.name')} data-testid="clerk-add-name" />
      </Form.Item>
      <Form.Item name="role">
        <Select
          style={{ minWidth: 120 }}
          disabled={first}
          data-testid="clerk-add-role"
          options={CLERK_ROLES.map((role) => ({ value: role, label: <span data-testid={`clerk-role-${role}`}>{t(`clerks.roles.${role}`)}</span> }))}
        />
      </Form.Item>
      <Form.Item name="pin" rules={[{ required: true, message: t('clerks.pin') }, { min: PIN_MIN_LENGTH, message: t('clerks.card.pinRule', { min: PIN_MIN_LENGTH }) }]}>
        <Input.Password placeholder={t('clerks.pin')} autoComplete="new-password" data-testid="clerk-add-pin" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="clerk-add-submit">
        {t('clerks.card.add')}
      </Button>
    </Form>
  );
}

function OwnPinForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ current: string; pin: string }>();
  const submit = async ({ current, pin }: { current: string; pin: string }) => {
    if (await changeOwnPin(current, pin)) form.resetFields();
  };
  return (
    <Form form={form} layout="inline" onFinish={(values) => void submit(values)} data-testid="clerk-own-pin">
      <Form.Item name="current" rules={[{ required: true, message: t('clerks.card.currentPin') }]}>
        <Input.Password placeholder={t('clerks.card.currentPin')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="pin" rules={[{ required: true, message: t('clerks.card.newPin') }, { min: PIN_MIN_LENGTH, message: t('clerks.card.pinRule', { min: PIN_MIN_LENGTH }) }]}>
        <Input.Password placeholder={t('clerks.card.newPin')} autoComplete="new-password" />
      </Form.Item>
      <Button htmlType="submit">{t('clerks.card.changeOwnPin')}</Button>
    </Form>
  );
}

export function ClerksCard() {
  const { t } = useTranslation();
  const session = useClerksStore((s) => s.session);
  const isAdmin = useAllowed('clerks:list');
  const clerksExist = session?.clerksExist ?? false;
  useEffect(() => {
    if (clerksExist && isAdmin) void loadTeam();
  }, [clerksExist, isAdmin]);
  // A clerk added or changed at another desk of the team shows in the list here too.
  useChanges(['clerk'], () => {
    if (clerksExist && isAdmin) void loadTeam();
  });

  return (
    <Card title={t('clerks.card.title')} data-testid="clerks-card">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('clerks.card.intro')}</Typography.Text>
        {!clerksExist && <Alert type="info" showIcon message={t('clerks.card.noClerks')} data-testid="clerks-none" />}
        {clerksExist && isAdmin && <TeamTable />}
        {(!clerksExist || isAdmin) && <AddClerkForm first={!clerksExist} />}
        {session?.clerk && (
          <>
            <Divider style={{ margin: '8px 0' }} />
            <OwnPinForm />
          </>
        )}
      </Space>
    </Card>
  );
}
