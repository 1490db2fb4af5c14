import { MailOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { RemoteTheme } from '@beatmatch/frontend-common';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';

/**
 * The purchase thank-you page (/purchase, artist-side spec §2): a buyer without an account was sent
 * an e-mail to set it up. status=succeeded clears the cart.
 */
export function ThankYouPage() {
  const [params] = useSearchParams();
  const succeeded = params.get('status') === 'succeeded';

  useEffect(() => {
    if (succeeded) beatmatchSdk().cart.clear();
  }, [succeeded]);

  return (
    <RemoteTheme>
      <Result
        data-testid="thank-you"
        icon={<MailOutlined style={{ color: '#7c3aed' }} aria-hidden />}
        title="Thank you for your purchase!"
        subTitle="We have sent you an email to set up your account."
        extra={
          <Link to="/login">
            <Button type="primary" size="large">
              Login
            </Button>
          </Link>
        }
      >
        <ol style={{ maxWidth: 420, margin: '0 auto', fontSize: 15, lineHeight: 1.8 }}>
          <li>Open the email and choose your password and username.</li>
          <li>Log in.</li>
          <li>Go to Purchases to download your beats and licences.</li>
        </ol>
        <p style={{ textAlign: 'center', marginTop: 16, color: 'rgba(0, 0, 0, 0.55)' }}>
          Can&apos;t find the email? Please check your spam folder.
        </p>
      </Result>
    </RemoteTheme>
  );
}
