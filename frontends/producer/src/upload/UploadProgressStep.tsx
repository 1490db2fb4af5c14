import type { UploadFileType } from '@beatmatch/frontend-common/sdk';
import { Progress, Typography } from 'antd';
import { FILE_LABEL, PHASE_TEXT } from './uploadFlow';
import type { useUploadProgress } from './useUploadProgress';

/** Step 3: the phase, the file being sent and one bar per file in the order they go (spec §4). */
export function UploadProgressStep({
  progress: { phase, current, bars },
  isPrivate,
  withStems,
}: {
  progress: ReturnType<typeof useUploadProgress>;
  isPrivate: boolean;
  withStems: boolean;
}) {
  // The bars of step 3, in the order the files go (spec §4 File upload order).
  const files: UploadFileType[] = [
    ...(isPrivate ? [] : (['snippet'] as const)),
    'mp3',
    'wav',
    ...(withStems ? (['trackout'] as const) : []),
  ];
  return (
    <div role="status" aria-live="polite">
      <Typography.Paragraph strong>{phase ? PHASE_TEXT[phase] : PHASE_TEXT.preparing}</Typography.Paragraph>
      {current ? <Typography.Paragraph>Uploading {FILE_LABEL[current]}</Typography.Paragraph> : null}
      {files.map((type) => (
        <div key={type} style={{ marginBottom: 8 }}>
          <Typography.Text>{FILE_LABEL[type]}</Typography.Text>
          <Progress percent={bars[type] ?? 0} aria-label={`Upload of the ${FILE_LABEL[type]}`} />
        </div>
      ))}
    </div>
  );
}
