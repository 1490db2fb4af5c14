import {
  SOCIAL_PLATFORM_NAMES,
  SOCIAL_PLATFORMS,
  socialProblem,
  type SocialPlatform,
  type Socials,
} from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../manage/manageApi';

type Drafts = Record<SocialPlatform, string>;
const draftsOf = (socials: Socials): Drafts =>
  Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, socials[p]?.userName ?? ''])) as Drafts;

/** Social Media (spec §2, §5): one field per platform, checked as the server checks it, saved one by one. */
export function SocialsCard() {
  const { message } = App.useApp();
  const [saved, setSaved] = useState<Drafts>();
  const [drafts, setDrafts] = useState<Drafts>();

  useEffect(() => {
    beatmatchSdk()
      .api.call('account_settings_get_socials')
      .then((socials) => {
        setSaved(draftsOf(socials));
        setDrafts(draftsOf(socials));
      })
      .catch((error: unknown) => message.error(errorText(error)));
  }, [message]);

  const save = async (platform: SocialPlatform) => {
    try {
      const socials = await beatmatchSdk().api.call('account_settings_update_socials', {
        platform,
        userName: drafts![platform].trim(),
      });
      setSaved(draftsOf(socials));
      message.success(`${SOCIAL_PLATFORM_NAMES[platform]} saved`);
    } catch (error) {
      message.error(errorText(error));
    }
  };

  if (!drafts || !saved) return <Card title="Social Media" size="small" loading />;
  return (
    <Card title="Social Media" size="small">
      <Form layout="vertical">
        {SOCIAL_PLATFORMS.map((platform) => {
          const problem = socialProblem(platform, drafts[platform]);
          return (
            <Form.Item
              key={platform}
              label={SOCIAL_PLATFORM_NAMES[platform]}
              validateStatus={problem ? 'error' : ''}
              help={problem ?? undefined}
            >
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  aria-label={SOCIAL_PLATFORM_NAMES[platform]}
                  value={drafts[platform]}
                  onChange={(event) => setDrafts({ ...drafts, [platform]: event.target.value })}
                />
                <Button
                  disabled={problem !== null || drafts[platform].trim() === saved[platform]}
                  onClick={() => void save(platform)}
                >
                  Save
                </Button>
              </Space.Compact>
            </Form.Item>
          );
        })}
      </Form>
    </Card>
  );
}
