import { Switch } from 'antd';
import { useId } from 'react';
import { PREVIEW_TAG_INTERVAL_MS } from './previewTag';

/** The Preview tag option (off by default, remembered): the Beatmatch tag over the snippet (spec §9). */
export function PreviewTagOption({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  const tagId = useId();
  const tagHintId = useId();
  return (
    <div className="mm-tag">
      <Switch
        id={tagId}
        size="small"
        checked={on}
        aria-describedby={tagHintId}
        data-testid="player-tag-option"
        onChange={onChange}
      />
      <label htmlFor={tagId}>Preview tag</label>
      <span id={tagHintId} className="mm-tag-hint">
        The Beatmatch tag plays over the snippet every {PREVIEW_TAG_INTERVAL_MS / 1000} seconds.
      </span>
    </div>
  );
}
