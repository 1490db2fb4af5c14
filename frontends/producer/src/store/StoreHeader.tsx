import { DEFAULT_BIO, SOCIAL_PLATFORM_NAMES, type CallAnswer } from '@beatmatch/contracts';
import { Avatar, Card, Typography } from 'antd';
import { DEFAULT_COVER } from '../manage/BeatRow';

/** The store's header card: picture, username, bio (two lines), socials three per row, beat count. */
export function StoreHeader({
  profile,
  beatCount,
}: {
  profile: CallAnswer<'get_public_profile'>;
  beatCount: number;
}) {
  return (
    <Card>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar size={96} src={profile.profilePic ?? DEFAULT_COVER} alt="" />
        <div style={{ flex: 1, minWidth: 200 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {profile.username}
          </Typography.Title>
          <Typography.Paragraph ellipsis={{ rows: 2 }}>
            {profile.description || DEFAULT_BIO}
          </Typography.Paragraph>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, max-content)', gap: '4px 16px' }}>
            {profile.socialMedias.map((social) => (
              <a key={social.platform} href={social.url} target="_blank" rel="noopener noreferrer">
                {SOCIAL_PLATFORM_NAMES[social.platform]}
              </a>
            ))}
          </div>
          <div>{`${beatCount} ${beatCount === 1 ? 'beat' : 'beats'}`}</div>
        </div>
      </div>
    </Card>
  );
}
