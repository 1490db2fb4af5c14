import { SOCIAL_PLATFORMS, socialUrl, type SocialPlatform, type Socials } from '@beatmatch/contracts';
import type { InlineProjection, RecordedEvent, SqlDatabase, SqlExecutor } from '@beatmatch/platform';
import type { ProfileEvent, ProfilePicture } from './profile';

/** Profiles, kept in the same transaction as their streams: the bio, the social usernames, the picture. */
export const profileReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.profiles (
    user_id uuid PRIMARY KEY,
    description text NOT NULL DEFAULT '',
    socials jsonb NOT NULL DEFAULT '{}'
  );
  ALTER TABLE ${s}.profiles ADD COLUMN IF NOT EXISTS picture jsonb;
`;

export function profileProjection(s: string): InlineProjection {
  return {
    name: 'identity-profiles',
    handles: ['BioChanged', 'SocialChanged', 'PictureChanged'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const userId = recorded.streamName.slice('profile:'.length);
        const event = { type: recorded.type, data: recorded.data } as ProfileEvent;
        await tx.query(`INSERT INTO ${s}.profiles (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
        if (event.type === 'BioChanged')
          await tx.query(`UPDATE ${s}.profiles SET description = $2 WHERE user_id = $1`, [
            userId,
            event.data.description,
          ]);
        else if (event.type === 'PictureChanged')
          await tx.query(`UPDATE ${s}.profiles SET picture = $2 WHERE user_id = $1`, [
            userId,
            JSON.stringify(event.data.picture),
          ]);
        else if (event.data.userName)
          await tx.query(
            `UPDATE ${s}.profiles SET socials = socials || jsonb_build_object($2::text, $3::text) WHERE user_id = $1`,
            [userId, event.data.platform, event.data.userName],
          );
        else
          await tx.query(`UPDATE ${s}.profiles SET socials = socials - $2::text WHERE user_id = $1`, [
            userId,
            event.data.platform,
          ]);
      }
    },
  };
}

export interface ProfileRow {
  description: string;
  socials: Partial<Record<SocialPlatform, string>>;
  picture: ProfilePicture | null;
}

/** Where a picture is served (public; each version its own URL, so it can be cached for good). */
export const profilePictureUrl = (userId: string, picture: Pick<ProfilePicture, 'version'> | null) =>
  picture
    ? `/api/profile_picture_image?userId=${encodeURIComponent(userId)}&v=${encodeURIComponent(picture.version)}`
    : null;

/** The socials as the calls answer them: every platform, null where none is set. */
export const socialsView = (socials: ProfileRow['socials']): Socials =>
  Object.fromEntries(
    SOCIAL_PLATFORMS.map((platform) => {
      const userName = socials[platform];
      return [platform, userName ? { userName, url: socialUrl(platform, userName) } : null];
    }),
  ) as Socials;

export class ProfileQueries {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  async of(userId: string): Promise<ProfileRow> {
    const { rows } = await this.db.query<ProfileRow>(
      `SELECT description, socials, picture FROM ${this.s}.profiles WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? { description: '', socials: {}, picture: null };
  }
}

/** Whether an id from a visitor can be a user's (anything else is no user, never a query error). */
export const isUserId = (userId: string) => /^[0-9a-f-]{36}$/i.test(userId);

/** A user's public profile (the store's header card); `username` null when there is no such user. */
export async function publicProfile(db: SqlDatabase, s: string, userId: string) {
  if (!isUserId(userId)) return null;
  const { rows } = await db.query<{
    username: string;
    description: string | null;
    socials: ProfileRow['socials'] | null;
    picture: ProfilePicture | null;
  }>(
    `SELECT u.username, p.description, p.socials, p.picture FROM ${s}.users u
     LEFT JOIN ${s}.profiles p ON p.user_id = u.user_id WHERE u.user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}
