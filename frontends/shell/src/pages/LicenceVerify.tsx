import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Descriptions, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { LICENCE_TERMS } from '@beatmatch/contracts';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  beatmatchSdk,
  type LicenceVerifyAnswer,
} from '@beatmatch/frontend-common/sdk';

type Check =
  | { state: 'loading' }
  | { state: 'answered'; answer: LicenceVerifyAnswer }
  | { state: 'failed'; message: string };

/** '2025-03-04T10:00:00Z' → 'March 4, 2025' (the day of the purchase, in UTC as the PDF prints it). */
export function licenceDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The public licence check (`/license/verify/:purchaseId`, no login): the address and QR code on each
 * licence PDF lead here. It asks commerce's beatmatch_license_verify and says whether the licence is
 * genuine, with its beat, producer, licensee (display name only), package and date.
 */
export function LicenceVerify() {
  const { purchaseId = '' } = useParams();
  const [check, setCheck] = useState<Check>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    setCheck({ state: 'loading' });
    beatmatchSdk()
      .commerce.verifyLicence(purchaseId)
      .then((answer) => current && setCheck({ state: 'answered', answer }))
      .catch((error: unknown) => {
        if (!current) return;
        // A malformed number is refused (4xx): no licence has it, so it is not genuine.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
          setCheck({ state: 'answered', answer: { genuine: false } });
        else setCheck({ state: 'failed', message: NETWORK_ERROR_MESSAGE });
      });
    return () => {
      current = false;
    };
  }, [purchaseId]);

  let body;
  if (check.state === 'loading') {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  } else if (check.state === 'failed') {
    body = <Result status="error" title={check.message} />;
  } else if (!check.answer.genuine) {
    body = (
      <Result
        data-testid="licence-unknown"
        icon={<CloseCircleFilled style={{ color: '#cf1322' }} aria-hidden />}
        title="Not genuine: unknown license"
        subTitle={
          <>
            No license with the number <strong>{purchaseId || '(none)'}</strong> was issued on Beatmatch.
            Check that the address is complete; a license that is not listed here is not genuine.
          </>
        }
      />
    );
  } else {
    const licence = check.answer;
    body = (
      <Result
        data-testid="licence-genuine"
        icon={<CheckCircleFilled style={{ color: '#389e0d' }} aria-hidden />}
        title="Genuine license"
        subTitle={`This ${LICENCE_TERMS.name} was issued on Beatmatch.`}
      >
        <Descriptions
          bordered
          column={1}
          size="middle"
          items={[
            { key: 'beat', label: 'Beat', children: licence.beatName },
            { key: 'producer', label: 'Producer', children: licence.producerName },
            { key: 'licensee', label: 'Licensee', children: licence.licensee ?? 'A Beatmatch member' },
            { key: 'package', label: 'Package', children: licence.beatPackage },
            { key: 'date', label: 'Date', children: licenceDate(licence.signedDate) },
            { key: 'number', label: 'License number', children: licence.purchaseId },
          ]}
        />
      </Result>
    );
  }

  return (
    <article
      style={{ maxWidth: 820, margin: '0 auto' }}
      aria-live="polite"
      aria-busy={check.state === 'loading'}
    >
      <h1 style={{ fontSize: 32, margin: '0 0 12px', textAlign: 'center' }}>License verification</h1>
      {body}
    </article>
  );
}
