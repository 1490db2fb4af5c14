import { Progress, Typography } from 'antd';

/** The WAV-to-MP3 conversion's bar (step 2, or step 3 of a private upload). */
export function ConversionStatus({ converting }: { converting: number }) {
  return (
    <div role="status" style={{ marginBottom: 16 }}>
      <Typography.Text>Hang tight! Converting your WAV to MP3</Typography.Text>
      <Progress percent={Math.round(converting * 100)} aria-label="MP3 conversion" />
    </div>
  );
}
