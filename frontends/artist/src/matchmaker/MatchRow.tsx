import { DeleteOutlined, EditOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { MatchListEntry } from '@beatmatch/contracts';
import { BeatListRow } from './ListParts';
import { LyricsPanel } from './LyricsPanel';

/**
 * A Match List row: play/stop, Commit (its label hidden when commitIconOnly, its accessible name
 * kept), Write Lyrics / Hide Lyrics toggling the lyrics panel below, and remove.
 */
export function MatchRow(props: {
  entry: MatchListEntry;
  playing: boolean;
  lyricsShown: boolean;
  removing: boolean;
  commitIconOnly: boolean;
  signUpPath: string;
  onToggle(): void;
  onCommit(): void;
  onToggleLyrics(): void;
  onRemove(): void;
}) {
  const { entry, lyricsShown, commitIconOnly } = props;
  const actions = (
    <>
      <Button
        type="primary"
        icon={<ShoppingCartOutlined />}
        disabled={!entry.available}
        aria-label={`Commit to ${entry.beatName}`}
        title={commitIconOnly ? 'Commit' : undefined}
        data-testid="commit-button"
        onClick={props.onCommit}
      >
        {commitIconOnly ? null : 'Commit'}
      </Button>
      <Button icon={<EditOutlined />} aria-expanded={lyricsShown} onClick={props.onToggleLyrics}>
        {lyricsShown ? 'Hide Lyrics' : 'Write Lyrics'}
      </Button>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        loading={props.removing}
        aria-label={`Remove ${entry.beatName} from your Match List`}
        onClick={props.onRemove}
      />
    </>
  );
  return (
    <BeatListRow
      testId="match-row"
      entry={entry}
      playing={props.playing}
      onToggle={props.onToggle}
      actions={actions}
    >
      {lyricsShown ? (
        <LyricsPanel beatId={entry.beatId} beatName={entry.beatName} signUpPath={props.signUpPath} />
      ) : null}
    </BeatListRow>
  );
}
