import { Empty } from 'antd';
import type { ReactNode } from 'react';
import type { MatchListEntry } from '@beatmatch/contracts';
import { BeatRowPlay } from './BeatRowPlay';

/** A list page's empty state: a large purple icon over its one-line title, with an optional action. */
export function ListEmpty(props: { testId: string; icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Empty
      data-testid={props.testId}
      image={props.icon}
      description={<span style={{ fontSize: 16, fontWeight: 600 }}>{props.title}</span>}
      style={{ padding: '48px 16px' }}
    >
      {props.children}
    </Empty>
  );
}

/** A beat row of the Match List or Play History: its play button, its actions, and what opens below. */
export function BeatListRow(props: {
  testId: string;
  entry: MatchListEntry;
  playing: boolean;
  onToggle(): void;
  actions: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="mm-row" data-testid={props.testId}>
      <div className="mm-row-main">
        <BeatRowPlay entry={props.entry} playing={props.playing} onToggle={props.onToggle} />
        <div className="mm-row-actions">{props.actions}</div>
      </div>
      {props.children}
    </li>
  );
}
