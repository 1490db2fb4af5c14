import { BATTLE_LIMITS } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Alert, Button, Card, Form, Input, Popconfirm } from 'antd';
import { useState } from 'react';

interface OpenBattleFields {
  theme: string;
  rules: string;
  submissionsCloseAt: string;
  votingClosesAt: string;
}

/** datetime-local's value (the admin's local time) as an ISO instant. */
const instant = (local: string) => (local ? new Date(local).toISOString() : '');

/** Admins only: 'Open a battle' (theme, rules, when entries and voting close). The call checks the role again. */
export function OpenBattleForm({ onOpened }: { onOpened: () => void }) {
  const [form] = Form.useForm<OpenBattleFields>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const open = async (fields: OpenBattleFields) => {
    try {
      const battle = await beatmatchSdk().api.call('beat_battle_open', {
        theme: fields.theme,
        rules: fields.rules ?? '',
        submissionsCloseAt: instant(fields.submissionsCloseAt),
        votingClosesAt: instant(fields.votingClosesAt),
      });
      setResult({ ok: true, text: `"${battle.theme}" is open.` });
      form.resetFields();
      onOpened();
    } catch (error) {
      setResult({ ok: false, text: (error as Error).message });
    }
  };
  return (
    <Card title="Open a battle" size="small" data-testid="open-battle">
      <Form form={form} layout="vertical" onFinish={(fields) => void open(fields)}>
        <Form.Item name="theme" label="Theme" rules={[{ required: true, message: 'Please enter a theme.' }]}>
          <Input maxLength={BATTLE_LIMITS.themeLength} />
        </Form.Item>
        <Form.Item name="rules" label="Rules of this battle">
          <Input.TextArea maxLength={BATTLE_LIMITS.rulesLength} rows={3} />
        </Form.Item>
        <Form.Item name="submissionsCloseAt" label="Entries close" rules={[{ required: true }]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="votingClosesAt" label="Voting closes" rules={[{ required: true }]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Open a battle
        </Button>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.ok ? 'success' : 'error'}
          title={result.text}
          showIcon
        />
      )}
    </Card>
  );
}

/** Admins only: closes the battle now (after a confirmation); the winner is mailed. */
export function CloseBattleButton({ battleId, onClosed }: { battleId: string; onClosed: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const close = async () => {
    try {
      await beatmatchSdk().api.call('beat_battle_close', { battleId });
      setError(null);
      onClosed();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <>
      <Popconfirm
        title="Close this battle now?"
        description="Voting ends and the winner is announced by mail."
        okText="Close battle"
        okButtonProps={{ danger: true }}
        cancelText="Keep it open"
        onConfirm={() => close()}
      >
        <Button danger data-testid="close-battle">
          Close battle
        </Button>
      </Popconfirm>
      {error && <Alert type="error" title={error} showIcon />}
    </>
  );
}
