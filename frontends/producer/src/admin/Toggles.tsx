import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Popconfirm, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { failure } from './useJobRun';

interface ToggleTexts {
  label: string;
  /** The confirmation before turning it on, and before turning it off. */
  confirmOn: string;
  confirmOff: string;
  /** The result line once on, once off. */
  on: string;
  off: string;
}

/** A setting switched after a confirmation, with its result line. */
function ConfirmedSwitch(props: {
  texts: ToggleTexts;
  change: (on: boolean) => Promise<boolean>;
  onDone: () => void;
}) {
  const { texts } = props;
  const [on, setOn] = useState(false);
  const [result, setResult] = useState<string>();
  const flip = async () => {
    try {
      const now = await props.change(!on);
      setOn(now);
      setResult(now ? texts.on : texts.off);
    } catch (error) {
      setResult(failure(error));
    }
    props.onDone();
  };
  return (
    <Space orientation="vertical" size={2}>
      <Popconfirm title={on ? texts.confirmOff : texts.confirmOn} okText="Yes" onConfirm={flip}>
        <Space>
          <Switch checked={on} aria-label={texts.label} />
          <span>{texts.label}</span>
        </Space>
      </Popconfirm>
      {result ? <Typography.Text role="status">{result}</Typography.Text> : null}
    </Space>
  );
}

/**
 * Remove Inactive Beats: the spec's button "actually toggles the state of" itself; ours toggles whether
 * inactive-crate beats (which artists cannot hear) count in the genre filter lists and the rankings.
 */
export const RemoveInactiveBeats = ({ onDone }: { onDone: () => void }) => (
  <ConfirmedSwitch
    texts={{
      label: 'Remove Inactive Beats',
      confirmOn: 'Leave inactive-crate beats out of the genre filters and the rankings?',
      confirmOff: 'Count inactive-crate beats in the genre filters and the rankings again?',
      on: 'Inactive beats are left out of the filters and rankings from their next fill.',
      off: 'Inactive beats count in the filters and rankings again from their next fill.',
    }}
    change={async (remove) => (await beatmatchSdk().api.call('removeInactiveBeats', { remove })).remove}
    onDone={onDone}
  />
);

/** Leave prepaid-card payouts out of the runs (payout_exclude_intercash). */
export const ExcludePrepaidCards = ({ onDone }: { onDone: () => void }) => (
  <ConfirmedSwitch
    texts={{
      label: 'Exclude prepaid cards',
      confirmOn: 'Leave prepaid cards out of the runs?',
      confirmOff: 'Pay prepaid cards in the runs again?',
      on: 'Prepaid cards are left out of the runs.',
      off: 'Prepaid cards are paid again.',
    }}
    change={async (exclude) =>
      (await beatmatchSdk().api.call('payout_exclude_intercash', { exclude })).exclude
    }
    onDone={onDone}
  />
);
