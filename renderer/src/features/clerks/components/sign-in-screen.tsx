/**
 * The sign-in screen (issue 24 point 5): once the desk has clerks it opens here, and after 退出登录 or 切换操作员.
 * Keyboard first: the name field has the cursor, Enter in it moves to the PIN, Enter in the PIN signs in; a
 * refusal is said beside the PIN, which is emptied and focused again.
 */
import { useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Layout, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../app/language-switch.js';
import { errorText } from '../../../lib/messages.js';
import { signIn } from '../actions.js';

interface SignInValues {
  name: string;
  pin: string;
}

export function SignInScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInValues>();
  const pinRef = useRef<InputRef>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ name, pin }: SignInValues) => {
    setBusy(true);
    const refused = await signIn(name.trim(), pin);
    setBusy(false);
    if (!refused) return;
    setProblem(errorText(refused));
    form.setFieldValue('pin', '');
    pinRef.current?.focus();
  };

  return (
    <Layout style={{ minHeight: '100vh', padding: 32 }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <LanguageSwitch />
      </div>
      <Card style={{ maxWidth: 420, width: '100%', margin: '64px auto 0' }} data-testid="sign-in">
        <Typography.Title level={3}>{t('clerks.signInTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('clerks.signInHint')}</Typography.Paragraph>
        <Form<SignInValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item name="name" label={t('clerks.name')} rules={[{ required: true, whitespace: true, message: t('clerks.name') }]}>
            <Input
              autoFocus
              autoComplete="username"
              data-testid="sign-in-name"
              onPressEnter={(event) => {
                // Enter in the name moves on to the PIN instead of submitting half a sign-in.
                event.preventDefault();
                pinRef.current?.focus();
              }}
            />
          </Form.Item>
          <Form.Item name="pin" label={t('clerks.pin')} rules={[{ required: true, message: t('clerks.pin') }]}>
            <Input.Password ref={pinRef} autoComplete="current-password" data-testid="sign-in-pin" onChange={() => setProblem(null)} />
          </Form.Item>
          {problem && <Alert type="error" showIcon message={problem} data-testid="sign-in-problem" style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="sign-in-submit">
            {t('clerks.signIn')}
          </Button>
        </Form>
      </Card>
    </Layout>
  );
}
