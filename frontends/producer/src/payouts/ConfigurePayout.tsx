import { PAYOUT_SPLIT } from '@beatmatch/contracts';
import { Alert, App, Button, Card, Form, Input, Slider, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { PayoutMethodCard } from './PayoutMethodCard';
import { PAYOUT_MESSAGES } from './payoutMessages';
import { useWalletSettings } from './useWalletSettings';

/** Configure Your Payout (/user/payouts): the $BEAT wallet and split, and the fiat method (onboarding). */
export function ConfigurePayout() {
  const settings = useWalletSettings();
  if (settings.loadFailed)
    return <Alert type="error" showIcon title={PAYOUT_MESSAGES.load} style={{ margin: 16 }} />;
  if (!settings.loaded) return <Spin style={{ display: 'block', margin: 48 }} aria-label="Loading" />;
  return (
    <Space
      direction="vertical"
      size="large"
      style={{ maxWidth: 720, margin: '0 auto', padding: 16, display: 'flex' }}
    >
      <WalletCard settings={settings} />
      <PayoutMethodCard />
      <Typography.Text type="secondary">
        See your balance and next payout dates in <Link to="../wallet">Your Wallet</Link>.
      </Typography.Text>
    </Space>
  );
}

function WalletCard({ settings }: { settings: ReturnType<typeof useWalletSettings> }) {
  const { message } = App.useApp();
  const onSave = async () => {
    if (await settings.save()) message.success(PAYOUT_MESSAGES.saved);
    else message.error(PAYOUT_MESSAGES.save);
  };
  const onRemove = async () => {
    if (await settings.remove()) window.location.reload();
    else message.error(PAYOUT_MESSAGES.remove);
  };
  return (
    <Card
      title="Configure Your Payout"
      extra={
        <Tag color={settings.active ? 'green' : 'default'}>{settings.active ? 'Active' : 'Not Active'}</Tag>
      }
    >
      <Form layout="vertical" onFinish={onSave}>
        <Form.Item
          label="Wallet address"
          required
          validateStatus={settings.fieldError ? 'error' : undefined}
          help={settings.fieldError ?? 'Your wallet must handle custom ERC20 tokens.'}
        >
          <Input
            value={settings.address}
            onChange={(event) => settings.setAddress(event.target.value)}
            placeholder="0x…"
            aria-label="Wallet address"
          />
        </Form.Item>
        <Form.Item label={`Payout in $BEAT: ${settings.split}%`}>
          <Slider
            min={PAYOUT_SPLIT.min}
            max={PAYOUT_SPLIT.max}
            step={1}
            value={settings.split}
            onChange={settings.setSplit}
            aria-label="Payout in $BEAT"
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" disabled={!settings.changed || !settings.address.trim()}>
            Save
          </Button>
          {settings.active ? <Button onClick={onRemove}>Remove</Button> : null}
        </Space>
      </Form>
    </Card>
  );
}
