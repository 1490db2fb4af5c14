import { Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  LifetimeMembershipView,
  LifetimeOffer,
  inAppPath,
  useCommerceErrors,
} from '@beatmatch/frontend-common/commerce';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';

/**
 * /user/lifetimeMembership, the page headed 'The Deal of A Lifetime' (artist-side spec §2 Subscription
 * pages; the top bar names it): the shared lifetime offer, or the 'Lifetime Membership' view once
 * member_active_status answers lifer (a lifetime membership covers both families, so the artist
 * status says it). Bought here, the membership goes through create_lifetime_checkout like on the
 * plan pages (the card provider's page returns to the Marketplace Pro page); paid in the test
 * provider's dialog, this page asks for the status again.
 */
export function LifetimeMembership() {
  const [lifer, setLifer] = useState<boolean | null>(null);
  const { reportError, holder } = useCommerceErrors();

  const load = useCallback(async () => {
    try {
      setLifer((await beatmatchSdk().commerce.memberActiveStatus('artist')).lifer);
    } catch (error) {
      reportError(error);
      setLifer(false);
    }
  }, [reportError]);

  useEffect(() => {
    void load();
  }, [load]);

  const paid = (url: string) => {
    if (!inAppPath(url)) {
      window.location.assign(url);
      return;
    }
    // Paid in the dialog: the verified payment has made the buyer a member; ask for the status again.
    void load();
  };

  let body;
  if (lifer === null) body = <Skeleton active paragraph={{ rows: 4 }} style={{ padding: 24 }} />;
  else if (lifer) body = <LifetimeMembershipView />;
  else
    body = (
      <>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 24 }}>
          One payment for every artist and producer benefit, for good.
        </Typography.Paragraph>
        <LifetimeOffer type="artist" onPaid={paid} onError={reportError} />
      </>
    );

  return (
    <div data-testid="lifetime-page" style={{ maxWidth: 640, margin: '0 auto', padding: '0 16px' }}>
      {holder}
      {body}
    </div>
  );
}
