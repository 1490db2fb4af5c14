import { Button, Modal, Select, Slider, Tag, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { genreDisplayName } from '@beatmatch/contracts';
import {
  DEFAULT_FILTERS,
  GENRE_OPTIONS,
  KEY_OPTIONS,
  TEMPO_MAX,
  TEMPO_MIN,
  filtersActionLabel,
  type FilterState,
} from './filters';

/** About 4.5 options of the key list show at once (spec §2), so the list visibly scrolls. */
const KEY_LIST_HEIGHT = 32 * 4.5;

export interface FiltersDialogProps {
  open: boolean;
  filters: FilterState;
  /** Apply (a genre is chosen): load a fresh beat with these filters. */
  onApply(filters: FilterState): void;
  /** Close (no genre chosen), Escape or the close icon: the player decides whether to reload. */
  onClose(filters: FilterState): void;
}

/**
 * The Filters dialog (artist-side spec §2, marked beta): Genre (single), Key (multi) and a Tempo Range
 * slider from 0 to 200 BPM; the button reads Apply when a genre is chosen, otherwise Close.
 */
export function FiltersDialog({ open, filters, onApply, onClose }: FiltersDialogProps) {
  const [draft, setDraft] = useState<FilterState>(filters);

  useEffect(() => {
    if (open) setDraft(filters);
  }, [open, filters]);

  const action = filtersActionLabel(draft);

  return (
    <Modal
      open={open}
      title={
        <span>
          Filters{' '}
          <Tag color="purple" style={{ marginLeft: 8 }}>
            beta
          </Tag>
        </span>
      }
      onCancel={() => onClose(draft)}
      destroyOnHidden
      footer={[
        <Button key="reset" onClick={() => setDraft(DEFAULT_FILTERS)}>
          Reset
        </Button>,
        <Button
          key="action"
          type="primary"
          data-testid="filters-action"
          onClick={() => (action === 'Apply' ? onApply(draft) : onClose(draft))}
        >
          {action}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        filters are in beta and may not be an exact match
      </Typography.Paragraph>
      <FilterFields draft={draft} onChange={setDraft} />
    </Modal>
  );
}

/** Genre (single), Key (multi, about 4.5 options visible) and the Tempo Range slider. */
function FilterFields({ draft, onChange }: { draft: FilterState; onChange(draft: FilterState): void }) {
  const genreId = useId();
  const keyId = useId();
  const tempoId = useId();
  const [low, high] = draft.selectedTempo;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div>
        <label htmlFor={genreId} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
          Genre
        </label>
        <Select
          id={genreId}
          style={{ width: '100%' }}
          value={draft.selectedGenres || 'all'}
          options={GENRE_OPTIONS.map((genre) => ({ value: genre, label: genreDisplayName(genre) }))}
          onChange={(value: string) => onChange({ ...draft, selectedGenres: value === 'all' ? '' : value })}
        />
      </div>
      <div>
        <label htmlFor={keyId} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
          Key
        </label>
        <Select
          id={keyId}
          mode="multiple"
          allowClear
          placeholder="Any key"
          style={{ width: '100%' }}
          listHeight={KEY_LIST_HEIGHT}
          value={draft.selectedKey}
          options={KEY_OPTIONS.map((key) => ({ value: key, label: key }))}
          onChange={(value: string[]) => onChange({ ...draft, selectedKey: value })}
        />
      </div>
      <div>
        <span id={tempoId} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
          Tempo Range: {low} to {high} BPM
        </span>
        <Slider
          range
          min={TEMPO_MIN}
          max={TEMPO_MAX}
          value={[low, high]}
          ariaLabelledByForHandle={[tempoId, tempoId]}
          ariaValueTextFormatterForHandle={(value) => `${value ?? 0} BPM`}
          onChange={(value: number[]) =>
            onChange({ ...draft, selectedTempo: [value[0] ?? TEMPO_MIN, value[1] ?? TEMPO_MAX] })
          }
        />
      </div>
    </div>
  );
}
