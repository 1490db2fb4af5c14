import { beatmatchSdk, catalogApi, type DnaView } from '@beatmatch/frontend-common/sdk';
import { Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { genreDisplayName } from '@beatmatch/contracts';

/** The 19 fields of the View DNA dialog in the spec's order (§2), with readable labels. */
export const DNA_FIELDS: Array<[keyof DnaView, string]> = [
  ['genreTags', 'Genre'],
  ['subgenreTags', 'Subgenre'],
  ['transformerCaption', 'Description'],
  ['bpmRangeAdjusted', 'Tempo (BPM)'],
  ['moodTags', 'Mood'],
  ['moodAdvancedTags', 'Mood (advanced)'],
  ['emotionalDynamics', 'Emotional dynamics'],
  ['movementTags', 'Movement'],
  ['valence', 'Valence'],
  ['arousal', 'Arousal'],
  ['energyDynamics', 'Energy dynamics'],
  ['energyLevel', 'Energy level'],
  ['musicalEraTag', 'Musical era'],
  ['instrumentTags', 'Instruments'],
  ['characterTags', 'Character'],
  ['keyPrediction', 'Key'],
  ['timeSignature', 'Time signature'],
  ['classicalEpochTags', 'Classical epoch'],
  ['voiceTags', 'Voice'],
];

/** Lists joined by spaces, numbers with 2 decimals, the key by its value (spec §2). */
export function dnaValue(value: DnaView[keyof DnaView] | undefined): string {
  if (value === undefined || value === null) return '-';
  if (Array.isArray(value)) return value.length ? value.join(' ') : '-';
  if (typeof value === 'number') return value.toFixed(2);
  if (typeof value === 'object') return value.value;
  return value || '-';
}

/**
 * A field of the dialog as shown: genres by their display names (spec §3), comma-separated since the
 * names hold spaces ('Rap Hip Hop, Electronic Dance'); every other field as dnaValue shows it.
 */
export function dnaFieldText<F extends keyof DnaView>(field: F, value: DnaView[F] | undefined): string {
  if (field === 'genreTags' && Array.isArray(value) && value.length)
    return (value as string[]).map(genreDisplayName).join(', ');
  return dnaValue(value);
}

export function DnaDialog({
  beat,
  onClose,
}: {
  beat: { beatId: string; beatName: string } | null;
  onClose(): void;
}) {
  const [tags, setTags] = useState<DnaView>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    setTags(undefined);
    setError(undefined);
    if (!beat) return;
    let live = true;
    catalogApi(beatmatchSdk().api)
      .tags(beat.beatId)
      .then((reply) => live && setTags(reply.data))
      .catch(
        (failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)),
      );
    return () => {
      live = false;
    };
  }, [beat]);

  return (
    <Modal
      open={Boolean(beat)}
      onCancel={onClose}
      footer={null}
      title={beat ? `DNA of ${beat.beatName}` : 'DNA'}
      width={640}
    >
      {error ? (
        <Typography.Paragraph role="alert" style={{ color: '#ad4e00' }}>
          {error}
        </Typography.Paragraph>
      ) : !tags ? (
        <Spin aria-label="Loading the DNA" />
      ) : (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={DNA_FIELDS.map(([field, label]) => ({
            key: field,
            label,
            children: dnaFieldText(field, tags[field]),
          }))}
          data-testid="dna-tags"
        />
      )}
    </Modal>
  );
}
