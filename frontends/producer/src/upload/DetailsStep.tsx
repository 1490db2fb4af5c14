import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Switch, Typography } from 'antd';
import { FilePicker } from './FilePicker';
import { PackagePriceFields } from './PackagePriceFields';
import type { BeatDetails } from './useBeatDetails';

/** The private option's helper text (what private means: the catalog's and the matchmaker's rules). */
export const PRIVATE_HELP =
  'Private beats are not shown to artists and have no prices. Manage Beats lists them with a Private badge.';

/** Step 1: name, private switch, files and prices (spec §4, §5). */
export function DetailsStep({ details, onNext }: { details: BeatDetails; onNext(): void }) {
  const { name, setName, isPrivate, setIsPrivate, files } = details;
  return (
    <Form layout="vertical" onFinish={onNext} requiredMark>
      <Form.Item
        label="Beat name"
        htmlFor="beat-name"
        required
        extra="Only the title: no producer name and no 'type beat'."
      >
        <Input
          id="beat-name"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item label="Private beat" htmlFor="private-beat" extra={PRIVATE_HELP}>
        <Switch id="private-beat" checked={isPrivate} onChange={setIsPrivate} />
      </Form.Item>
      <BeatFilePickers details={details} />
      {files.wav && !isPrivate ? (
        <PackagePriceFields
          prices={details.prices}
          withStems={Boolean(files.stems)}
          onPrice={details.setPrice}
        />
      ) : null}
      {files.wav && !isPrivate ? (
        <Typography.Paragraph type="secondary">A price of 0.00 is a free download.</Typography.Paragraph>
      ) : null}
      {isPrivate ? (
        <Button type="primary" htmlType="submit" icon={<CloudUploadOutlined />}>
          Upload
        </Button>
      ) : (
        <Button type="primary" htmlType="submit">
          Next
        </Button>
      )}
    </Form>
  );
}

/** The cover art (with its preview), the WAV and the stems. */
function BeatFilePickers({ details: { isPrivate, files } }: { details: BeatDetails }) {
  return (
    <>
      <Space align="start" wrap style={{ width: '100%' }}>
        <FilePicker
          id="cover-art"
          label="Cover art (JPG or PNG, square, up to 2048x2048)"
          accept="image/png,image/jpeg"
          file={files.cover}
          error={files.coverError}
          hint={isPrivate ? 'Optional for a private beat.' : undefined}
          onFile={(file) => void files.chooseCover(file)}
        />
        {files.coverPreview && files.cover ? (
          <img
            src={files.coverPreview}
            alt="Chosen cover art"
            width={72}
            height={72}
            style={{ borderRadius: 8, objectFit: 'cover' }}
          />
        ) : null}
      </Space>
      <FilePicker
        id="wav-file"
        label="WAV file"
        accept=".wav,audio/wav,audio/x-wav"
        file={files.wav}
        error={files.wavError}
        onFile={(file) => void files.chooseWav(file)}
      />
      <FilePicker
        id="stems-file"
        label="Track stems (optional, .zip or .rar)"
        accept=".zip,.rar,application/zip,application/x-rar-compressed"
        file={files.stems}
        error={files.stemsError}
        hint={isPrivate ? undefined : 'Stems add the Marriage Package.'}
        onFile={(file) => void files.chooseStems(file)}
      />
    </>
  );
}
