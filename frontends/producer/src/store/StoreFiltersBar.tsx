import type { LabBeat } from '@beatmatch/contracts';
import { genreDisplayName } from '@beatmatch/contracts';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useNarrow } from '../manage/useNarrow';
import { tagChoices, type StoreFilters } from './useStore';

/** The store's filters fold under 600 px (spec §2, §9). */
const NARROW_STORE = '(max-width: 599px)';

const DROPDOWNS = [
  { field: 'genreTags', key: 'genre', all: 'All Genres', label: 'Genre' },
  { field: 'subgenreTags', key: 'subgenre', all: 'All Subgenres', label: 'Subgenre' },
  { field: 'moodTags', key: 'mood', all: 'All Moods', label: 'Mood' },
] as const;

/** Name search and the genre / subgenre / mood dropdowns; under 600 px they fold behind a button. */
export function StoreFiltersBar({
  beats,
  filters,
  onChange,
}: {
  beats: LabBeat[];
  filters: StoreFilters;
  onChange: (filters: StoreFilters) => void;
}) {
  const narrow = useNarrow(NARROW_STORE);
  const [shown, setShown] = useState(false);
  return (
    <Space wrap style={{ margin: '16px 0' }}>
      <Input.Search
        aria-label="Search beats"
        placeholder="Search beats"
        allowClear
        value={filters.name}
        onChange={(event) => onChange({ ...filters, name: event.target.value })}
      />
      {narrow && <Button onClick={() => setShown(!shown)}>{shown ? 'Hide Filters' : 'Show Filters'}</Button>}
      {(!narrow || shown) &&
        DROPDOWNS.map((dropdown) => (
          <Select
            key={dropdown.key}
            aria-label={dropdown.label}
            style={{ minWidth: 160 }}
            value={filters[dropdown.key] ?? ''}
            onChange={(value: string) => onChange({ ...filters, [dropdown.key]: value || null })}
            options={[
              { value: '', label: dropdown.all },
              ...tagChoices(beats, dropdown.field).map((tag) => ({
                value: tag,
                label: genreDisplayName(tag),
              })),
            ]}
          />
        ))}
    </Space>
  );
}
