import { Button, Flex, Form, Radio } from 'antd';
import type { SurveyAnswer } from '../api/beatmatch';
import { AuthCard } from './AuthCard';

/** Login's survey step: buy, sell or both (loaded only when the server asks for it). */
export default function SurveyStep({
  busy,
  onAnswer,
}: {
  busy: boolean;
  onAnswer: (answer: SurveyAnswer) => void;
}) {
  return (
    <AuthCard title="One more question">
      <Form
        name="survey"
        layout="vertical"
        onFinish={({ survey }: { survey: SurveyAnswer }) => onAnswer(survey)}
      >
        <Form.Item
          label="What do you want to do on Beatmatch?"
          name="survey"
          rules={[{ required: true, message: 'Please choose one' }]}
        >
          <Radio.Group>
            <Flex vertical gap={8}>
              <Radio value="artist">Buy beats</Radio>
              <Radio value="prod">Sell beats</Radio>
              <Radio value="both">Both</Radio>
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Continue
        </Button>
      </Form>
    </AuthCard>
  );
}
