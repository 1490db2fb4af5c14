import { CaretRightFilled, HeartFilled, PauseOutlined } from '@ant-design/icons';
import { Button, Card, Tooltip } from 'antd';
import type { RefObject } from 'react';

/** One anonymous entry of the pair: play / pause its MP3, then choose it (once both have been heard). */
export function EntryCard(props: {
  label: string;
  audioUrl: string;
  audio: RefObject<HTMLAudioElement | null>;
  playing: boolean;
  canChoose: boolean;
  keyHint: string;
  onToggle: () => void;
  onChoose: () => void;
}) {
  const { label, playing, canChoose } = props;
  return (
    <Card
      title={label}
      style={{ flex: 1, minWidth: 220, textAlign: 'center' }}
      data-testid={`entry-${label}`}
    >
      <audio ref={props.audio} src={props.audioUrl} preload="none" />
      <Button
        shape="circle"
        size="large"
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        icon={playing ? <PauseOutlined /> : <CaretRightFilled />}
        onClick={props.onToggle}
      />
      <div style={{ marginTop: 16 }}>
        <Tooltip title={canChoose ? `Choose ${label} (${props.keyHint})` : 'Play both beats first'}>
          <Button type="primary" icon={<HeartFilled />} disabled={!canChoose} onClick={props.onChoose}>
            Choose {label}
          </Button>
        </Tooltip>
      </div>
    </Card>
  );
}
