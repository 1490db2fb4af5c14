import { PROFILE_PICTURE_MESSAGES } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { App, Avatar, Button, Card, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../manage/manageApi';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/**
 * Profile picture (producer-side spec §2, §5): JPG or PNG, square, up to 2048x2048. The server checks the
 * bytes and answers the spec's messages; the picture is fetched again after an upload.
 */
export function PictureCard() {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [picture, setPicture] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const load = useCallback(
    () =>
      beatmatchSdk()
        .api.call('account_settings_get_profile_picture')
        .then(({ bioPic }) => setPicture(bioPic)),
    [],
  );
  useEffect(() => {
    load().catch((error: unknown) => message.error(errorText(error)));
  }, [load, message]);

  const upload = async (file: File | undefined) => {
    if (!file) return void message.error(PROFILE_PICTURE_MESSAGES.required);
    if (!IMAGE_TYPES.includes(file.type)) return void message.error(PROFILE_PICTURE_MESSAGES.type);
    setUploading(true);
    try {
      await beatmatchSdk().api.callForm('account_settings_upload_profile_picture', {}, file);
      await load();
    } catch (error) {
      message.error(errorText(error) || PROFILE_PICTURE_MESSAGES.uploadFailed);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card title="Profile Picture" size="small">
      <Space align="center" size="large">
        <Avatar size={96} src={picture ?? undefined} alt="Your profile picture">
          {picture ? null : '?'}
        </Avatar>
        <Space orientation="vertical">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png"
            aria-label="Profile picture"
            hidden
            onChange={(event) => void upload(event.target.files?.[0])}
          />
          <Button loading={uploading} onClick={() => input.current?.click()}>
            Upload Picture
          </Button>
          <Typography.Text type="secondary">JPG or PNG, square, up to 2048x2048.</Typography.Text>
        </Space>
      </Space>
    </Card>
  );
}
