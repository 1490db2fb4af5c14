import {
  RemotePages,
  RemoteTheme,
  SdkVersionCheck,
  USER_BASENAME,
  producerPages,
  type RemoteAppProps,
} from '@beatmatch/frontend-common';
import { App as AntApp } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';

// Each screen is its own chunk: the upload wizard brings the waveform and the encoder's loader.
const UploadBeats = lazy(() => import('./upload/UploadBeats').then((m) => ({ default: m.UploadBeats })));
const ManageBeats = lazy(() => import('./manage/ManageBeats').then((m) => ({ default: m.ManageBeats })));
const BeatPacks = lazy(() => import('./packs/BeatPacks').then((m) => ({ default: m.BeatPacks })));
const AccountSettings = lazy(() =>
  import('./account/AccountSettings').then((m) => ({ default: m.AccountSettings })),
);
const AdminPage = lazy(() => import('./admin/AdminPage').then((m) => ({ default: m.AdminPage })));
const SharedPacks = lazy(() =>
  import('./packs/shared/SharedPacks').then((m) => ({ default: m.SharedPacks })),
);
const StorePage = lazy(() => import('./store/StorePage').then((m) => ({ default: m.StorePage })));
const DashboardPage = lazy(() =>
  import('./dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const AmbassadorProgram = lazy(() =>
  import('./referrals/AmbassadorProgram').then((m) => ({ default: m.AmbassadorProgram })),
);
const ReferralRewards = lazy(() =>
  import('./referrals/ReferralRewards').then((m) => ({ default: m.ReferralRewards })),
);
// The payouts pages share one chunk (their tables and forms).
const payouts = () => import('./payouts');
const ConfigurePayout = lazy(() => payouts().then((m) => ({ default: m.ConfigurePayout })));
const BeatPayouts = lazy(() => payouts().then((m) => ({ default: m.BeatPayouts })));
const PayoutsHistory = lazy(() => payouts().then((m) => ({ default: m.PayoutsHistory })));
const WalletPage = lazy(() => payouts().then((m) => ({ default: m.WalletPage })));
// Producer plans ($4 / $8 / $15): the SDK's shared plan page, as Marketplace Pro is for artists.
const SubscriptionPage = lazy(() =>
  import('@beatmatch/frontend-common/commerce').then((m) => ({ default: m.SubscriptionPage })),
);

function Screen({ children }: { children: ReactNode }) {
  return (
    <RemoteTheme>
      <AntApp>
        <Suspense fallback={<div role="status" aria-label="Loading" style={{ minHeight: 200 }} />}>
          {children}
        </Suspense>
      </AntApp>
    </RemoteTheme>
  );
}

/** The referral dashboard and the month-by-month statement of referral rewards (issue 23). */
const referralElements = {
  ambassadorProgram: (
    <Screen>
      <AmbassadorProgram />
    </Screen>
  ),
  referralRewards: (
    <Screen>
      <ReferralRewards />
    </Screen>
  ),
};

/** The producer remote: its own logged-in pages, routed under the basename the host gives. */
export default function App({ basename, sdkVersion }: RemoteAppProps) {
  // The shell mounts this remote at '/' for the public store (/lab/{userId}) and shared pack page (/packs).
  if (basename !== USER_BASENAME)
    return (
      <SdkVersionCheck remote="producer" hostVersion={sdkVersion}>
        <Screen>{window.location.pathname.startsWith('/lab/') ? <StorePage /> : <SharedPacks />}</Screen>
      </SdkVersionCheck>
    );
  return (
    <SdkVersionCheck remote="producer" hostVersion={sdkVersion}>
      <RemotePages
        pages={producerPages}
        basename={basename}
        elements={{
          '': (
            <Screen>
              <DashboardPage />
            </Screen>
          ),
          uploadBeats: (
            <Screen>
              <UploadBeats />
            </Screen>
          ),
          manageBeats: (
            <Screen>
              <ManageBeats />
            </Screen>
          ),
          beatPacks: (
            <Screen>
              <BeatPacks />
            </Screen>
          ),
          account: (
            <Screen>
              <AccountSettings />
            </Screen>
          ),
          payouts: (
            <Screen>
              <ConfigurePayout />
            </Screen>
          ),
          beatPayouts: (
            <Screen>
              <BeatPayouts />
            </Screen>
          ),
          payoutsHistory: (
            <Screen>
              <PayoutsHistory />
            </Screen>
          ),
          wallet: (
            <Screen>
              <WalletPage />
            </Screen>
          ),
          subscriptions: (
            <Screen>
              <SubscriptionPage type="producer" />
            </Screen>
          ),
          admin: (
            <Screen>
              <AdminPage />
            </Screen>
          ),
          ...referralElements,
        }}
      />
    </SdkVersionCheck>
  );
}
