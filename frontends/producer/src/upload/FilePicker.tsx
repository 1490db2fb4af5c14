import { Form, Typography } from 'antd';
import type { ChangeEvent } from 'react';

/** One file input of step 1 with its check's error (or a hint) below and the chosen file's size. */
export function FilePicker({
  id,
  label,
  accept,
  file,
  error,
  onFile,
  hint,
}: {
  id: string;
  label: string;
  accept: string;
  file: File | undefined;
  error: string | null;
  hint?: string;
  onFile(file: File | undefined): void;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error ?? hint}
      style={{ marginBottom: 16 }}
    >
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onFile(event.target.files?.[0])}
        aria-invalid={Boolean(error)}
        style={{ maxWidth: '100%' }}
      />
      {file ? (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {file.name} ({(file.size / 1024 / 1024).toFixed(1)} MB)
        </Typography.Text>
      ) : null}
    </Form.Item>
  );
}
