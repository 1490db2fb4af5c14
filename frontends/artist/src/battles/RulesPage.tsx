import { BATTLE_LIMITS } from '@beatmatch/contracts';
import { Card, Space, Typography } from 'antd';
import { useBattles, when } from './useBattles';

const { Paragraph, Title } = Typography;

/** /user/rules: how a beat battle works, and the current battle's own rules and dates. */
export function RulesPage() {
  const { current } = useBattles();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography>
        <Title level={4}>How a beat battle works</Title>
        <Paragraph>
          An admin opens each battle with a theme, its own rules, and two dates: when entries close and when
          voting closes. A battle runs for at most {BATTLE_LIMITS.longestDays} days.
        </Paragraph>
        <Title level={5}>Entering</Title>
        <Paragraph>
          While the battle is open, every producer may enter one beat: a single MP3 uploaded from the
          Submission page. A second entry is refused, and nothing can be entered after entries close.
        </Paragraph>
        <Title level={5}>Voting</Title>
        <Paragraph>
          Signed-in listeners vote in the Battleground from the moment two beats are in until voting closes.
          You hear two entries without their names, play both, and choose the one you prefer. You vote once on
          each pair: a second vote on the same pair, from your account or from the same device under another
          account, is not counted. You are never asked to vote on a pair with your own entry.
        </Paragraph>
        <Title level={5}>Ranking</Title>
        <Paragraph>
          The leaderboard ranks entries by a Bradley–Terry rating: the strengths that best explain every vote
          cast, whatever order the votes came in, so beating a strong entry counts for more than beating a
          weak one. It is shown on the familiar Elo scale: 1500 is an average entry. Each entry also counts as
          having won and lost once against an average entry, so a few lucky votes cannot put a beat on top.
          Ties go to more wins, then to the earlier entry.
        </Paragraph>
        <Title level={5}>The winner</Title>
        <Paragraph>
          When voting closes, or when an admin closes the battle early, the best-rated beat that received
          votes wins. Every producer who entered gets an e-mail with the winner and their own place.
        </Paragraph>
      </Typography>
      {current && (
        <Card title={`This battle: ${current.theme}`} size="small">
          <Paragraph>
            Entries close {when(current.submissionsCloseAt)}; voting closes {when(current.votingClosesAt)}.
          </Paragraph>
          {current.rules && <Paragraph style={{ whiteSpace: 'pre-wrap' }}>{current.rules}</Paragraph>}
        </Card>
      )}
    </Space>
  );
}
