import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { ConversionStatus } from './ConversionStatus';
import { SnippetPicker } from './SnippetPicker';
import type { useMp3Conversion } from './useMp3Conversion';

/** Step 2: the conversion's bar, then the waveform to choose the snippet (spec §4). */
export function SnippetStep({
  wav,
  conversion,
  onBack,
  onUpload,
}: {
  wav: File;
  conversion: ReturnType<typeof useMp3Conversion>;
  onBack(): void;
  onUpload(): void;
}) {
  const { audio, mp3, converting, waveReady, region } = conversion;
  return (
    <div>
      {!mp3 ? <ConversionStatus converting={converting} /> : null}
      {audio ? (
        <SnippetPicker
          wav={wav}
          audio={audio}
          region={region}
          onChange={conversion.setRegion}
          onReady={conversion.markWaveReady}
        />
      ) : null}
      <Space style={{ marginTop: 16 }}>
        <Button onClick={onBack}>Back</Button>
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          disabled={!mp3 || !waveReady}
          onClick={onUpload}
        >
          Upload
        </Button>
      </Space>
    </div>
  );
}
