import type { PackBeat } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { AutoComplete } from 'antd';
import { useEffect, useState } from 'react';

/** The spec's pause before the search starts (§5, §9). */
export const SEARCH_PAUSE_MS = 400;

/**
 * 'Add a beat': the producer's beats whose name contains the text, asked after a 400 ms pause;
 * choosing one adds it; clearing the text removes the suggestions.
 */
export function AddBeatSearch({ packId, onChoose }: { packId: string; onChoose: (beatId: string) => void }) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PackBeat[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const input = text.trim();
    if (!input) {
      setOptions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      beatmatchSdk()
        .api.call('addBeatInput', { input, beatPackId: packId })
        .then(({ data }) => current && setOptions(data))
        .catch(() => current && setOptions([]))
        .finally(() => current && setLoading(false));
    }, SEARCH_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, packId]);

  return (
    <AutoComplete
      aria-label="Add a beat"
      placeholder="Add a beat"
      style={{ width: '100%', maxWidth: 360 }}
      value={text}
      allowClear
      onChange={(value: string) => setText(value ?? '')}
      options={options.map((beat) => ({ value: beat.id, label: beat.beatName }))}
      notFoundContent={text.trim() ? (loading ? 'Loading...' : 'No beats found') : null}
      onSelect={(beatId: string) => {
        setText('');
        setOptions([]);
        onChoose(beatId);
      }}
    />
  );
}
