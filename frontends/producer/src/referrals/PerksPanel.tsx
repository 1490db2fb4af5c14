import { AFFILIATE_REWARD_CENTS, REFERRAL_MESSAGES, REV_SHARE_TIERS, TRIAL_DAYS } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { App, Button, Collapse, Form, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';

export const APPLICATION_SENT = 'Thanks! Your application is with our team.';

const perks = [
  `$${(AFFILIATE_REWARD_CENTS / 100).toFixed(2)} for every active sub-affiliate, every month`,
  `Ambassadors earn ${REV_SHARE_TIERS[0].percent}% to ${REV_SHARE_TIERS.at(-1)!.percent}% of their sub-affiliates' subscription revenue`,
  `Friends you refer get a ${TRIAL_DAYS.ambassador}-day free trial instead of ${TRIAL_DAYS.week} days`,
];

/** Apply Now: our in-product form (the spec links an external one); it lands in the admins' queue. */
function ApplicationForm() {
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const apply = async ({ text }: { text: string }) => {
    setSending(true);
    try {
      await beatmatchSdk().api.call('referral_ambassador_apply', { message: text });
      setSent(true);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };
  if (sent) return <Typography.Text type="success">{APPLICATION_SENT}</Typography.Text>;
  return (
    <Form layout="vertical" onFinish={(values: { text: string }) => void apply(values)}>
      <Form.Item
        name="text"
        label="How would you promote Beatmatch?"
        rules={[{ required: true, whitespace: true, max: 1000, message: REFERRAL_MESSAGES.applicationText }]}
      >
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        Send application
      </Button>
    </Form>
  );
}

/** Non-ambassadors: the perks, the program details, and Apply Now (producer-side spec §2). */
export function PerksPanel() {
  const [applying, setApplying] = useState(false);
  return (
    <Collapse
      items={[
        {
          key: 'perks',
          label: 'Become an ambassador',
          children: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <List size="small" dataSource={perks} renderItem={(perk) => <List.Item>{perk}</List.Item>} />
              <Space>
                <Typography.Link href="/ambassadors">View program details</Typography.Link>
                <Button onClick={() => setApplying(true)} disabled={applying}>
                  Apply Now
                </Button>
              </Space>
              {applying && <ApplicationForm />}
            </Space>
          ),
        },
      ]}
    />
  );
}
