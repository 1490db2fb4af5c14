import { Button, Collapse, Form, Input, message } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { createApiClient } from '../api/client';
import { ContentPage } from './Page';

export const CONTACT_SUCCESS = 'Message sent! Please allow up to 48 hours for receive a response.';
export const CONTACT_FAILURE = 'Message failed! Please try to send again.';

const FAQ = [
  {
    q: 'How is Beatmatch different?',
    a: (
      <>
        Artists listen to beats and choose Pass or Match; every beat is analysed (its DNA) so the right
        artists find it.
      </>
    ),
  },
  { q: 'Do you train AI on my uploads?', a: <>No. We do not train our AI on uploaded beats.</> },
  {
    q: 'How do producers get paid?',
    a: (
      <>
        Set up your payout method on the <Link to="/user/payouts">payouts page</Link>: five payout methods, or
        $BEAT.
      </>
    ),
  },
  {
    q: 'Do you take a commission?',
    a: <>No. Producers keep 100% of the sale minus payment-method transaction and card-processing fees.</>,
  },
  {
    q: 'Is Beatmatch live?',
    a: (
      <>
        Yes. Anyone can <Link to="/signup">create a free account</Link>.
      </>
    ),
  },
  {
    q: 'Can I upload the same beats to other marketplaces?',
    a: <>Yes, as long as they have not been sold exclusively and contain no copyrighted samples.</>,
  },
  {
    q: 'What licence types are there?',
    a: (
      <>
        One: non-exclusive. Read the <Link to="/policies/nonExclusive">Non Exclusive Contract</Link>.
      </>
    ),
  },
  {
    q: 'What packages are sold?',
    a: (
      <>
        First Date Package (MP3), Relationship Package (MP3 and WAV) and Marriage Package (MP3, WAV and track
        stems when the producer offers them).
      </>
    ),
  },
  {
    q: 'Where do I find beats?',
    a: (
      <>
        In the Matchmaker after you <Link to="/signup">sign up</Link>; most artists find a beat within 15
        minutes.
      </>
    ),
  },
];

export function Faq() {
  return (
    <ContentPage title="FAQ" lead="Frequently asked questions">
      <Collapse
        items={FAQ.map((item, index) => ({ key: String(index), label: item.q, children: <p>{item.a}</p> }))}
      />
    </ContentPage>
  );
}

const RELEASES = [
  {
    phase: 'Phase 4.7 (05/31/25)',
    notes: ['Text, YouTube and Spotify search: find beats by words or by a track you love.'],
  },
  {
    phase: 'Phase 4.5',
    notes: ['Cover art is required for new uploads.', 'Three free uploads for every producer.'],
  },
  { phase: 'Phase 4.0', notes: ['Affiliate programme: $0.50 per active sub-affiliate per month.'] },
  { phase: 'Phase 3.5', notes: ['$BEAT crypto payouts: choose 10% to 100% of your payout in $BEAT.'] },
  { phase: 'Phase 3.0', notes: ['Ambassador programme.', 'My Sound Analyzer.'] },
  {
    phase: 'Phase 2.8',
    notes: ['Beat Packs: share your beats by link or by e-mail.', 'A Store page for every producer.'],
  },
  { phase: 'Phase 2.6', notes: ['Upload a profile picture in your account settings (/user/account).'] },
];

export function WhatsNew() {
  return (
    <ContentPage title="What's New" lead="Release notes">
      {RELEASES.map((release) => (
        <section key={release.phase}>
          <h2 style={{ fontSize: 20 }}>{release.phase}</h2>
          <ul>
            {release.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      ))}
    </ContentPage>
  );
}

interface ContactValues {
  name: string;
  email: string;
  message: string;
}

export function Contact({
  api = createApiClient(),
}: {
  api?: Pick<ReturnType<typeof createApiClient>, 'call'>;
}) {
  const [form] = Form.useForm<ContactValues>();
  const [sending, setSending] = useState(false);
  const [toast, toastHolder] = message.useMessage();
  const submit = async (values: ContactValues) => {
    setSending(true);
    try {
      await api.call('beatmatch_contact', values);
      form.resetFields();
      void toast.success(CONTACT_SUCCESS);
    } catch {
      void toast.error(CONTACT_FAILURE);
    } finally {
      setSending(false);
    }
  };
  return (
    <ContentPage title="Contact Us">
      {toastHolder}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Please enter your name.' }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter your e-mail.' },
            { type: 'email', message: 'Please enter a valid e-mail.' },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          label="Message"
          name="message"
          rules={[{ required: true, message: 'Please enter a message.' }]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          Submit
        </Button>
      </Form>
    </ContentPage>
  );
}
