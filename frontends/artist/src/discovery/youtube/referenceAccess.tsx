import { LockOutlined, LoginOutlined } from '@ant-design/icons';
import { Result, Skeleton } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { LinkButton, RemoteTheme } from '@beatmatch/frontend-common';
import { ApiError, beatmatchSdk, isNotAuthenticated, useSessionState } from '@beatmatch/frontend-common/sdk';
import { useAreaPaths } from '../../matchmaker/areaPaths';
import { MatchmakerStyles } from '../../matchmaker/styles';

/** Where a reference search page stands: checking, asking to log in, 'No Access', or open. */
export type ReferenceAccess = 'loading' | 'login' | 'noAccess' | 'ready';
type PlanRule = (plan: { lifer: boolean; artistPlan: string | null }) => boolean;

/**
 * The spec's access states (artist-side §2, §6): outside /user, or signed out, 'Action Needed'; signed in
 * without the plan the page needs, 'No Access' (from the member status, and from any 403 the server
 * answers, which has the last word); otherwise the page.
 */
export function useReferenceAccess(rule: PlanRule) {
  const { inUserArea } = useAreaPaths();
  const session = useSessionState().status;
  const [access, setAccess] = useState<ReferenceAccess>('loading');
  useEffect(() => {
    if (!inUserArea || session === 'signedOut') return setAccess('login');
    if (session !== 'signedIn') return setAccess('loading');
    let live = true;
    beatmatchSdk()
      .commerce.memberActiveStatus('artist')
      .then(
        (status) => {
          const artistPlan = status.subscribed ? (status.plan ?? null) : null;
          if (live) setAccess(rule({ lifer: status.lifer, artistPlan }) ? 'ready' : 'noAccess');
        },
        () => live && setAccess('ready'),
      );
    return () => {
      live = false;
    };
  }, [inUserArea, session, rule]);
  /** A call's failure that changes the state: signed out (401) or not on the plan (403). */
  const refused = (error: unknown) => {
    if (isNotAuthenticated(error)) setAccess('login');
    else if (error instanceof ApiError && error.status === 403) setAccess('noAccess');
    else return false;
    return true;
  };
  return { access, refused };
}

/** 'Action Needed' with Login, or 'No Access' with Subscribe Here (spec §2 My Sound Analyzer's wording). */
export function AccessResult({ access, feature }: { access: 'login' | 'noAccess'; feature: string }) {
  const paths = useAreaPaths();
  return access === 'login' ? (
    <Result
      data-testid="reference-login"
      icon={<LoginOutlined style={{ color: '#7c3aed' }} />}
      title="Action Needed"
      subTitle={`Log in to use ${feature}.`}
      extra={
        <LinkButton to={paths.login} type="primary">
          Login
        </LinkButton>
      }
    />
  ) : (
    <Result
      data-testid="reference-no-access"
      icon={<LockOutlined style={{ color: '#7c3aed' }} />}
      title="No Access"
      subTitle={`${feature} is disabled for non-subscribers of its plan.`}
      extra={
        <LinkButton to={paths.upgrade} type="primary">
          Subscribe Here
        </LinkButton>
      }
    />
  );
}

/** A reference search page: its toasts' holder, then the access state or, once open, the page itself. */
export function ReferencePage(props: {
  testId: string;
  feature: string;
  access: ReferenceAccess;
  holder: ReactNode;
  children: () => ReactNode;
}) {
  const { access } = props;
  let body;
  if (access === 'login' || access === 'noAccess')
    body = <AccessResult access={access} feature={props.feature} />;
  else if (access === 'loading') body = <Skeleton active paragraph={{ rows: 3 }} style={{ padding: 24 }} />;
  else body = props.children();
  return (
    <RemoteTheme>
      <MatchmakerStyles />
      {props.holder}
      <div className="mm-list" data-testid={props.testId}>
        {body}
      </div>
    </RemoteTheme>
  );
}
