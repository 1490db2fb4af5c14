import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginReply, SurveyAnswer } from '../api/beatmatch';
import { useServices } from '../session/services';
import { useSession } from '../session/SessionContext';
import { redirectPath } from '../session/storage';
import { useReportError, type FieldErrorSetters } from '../session/useReportError';
import { useToasts } from '../session/toasts';
import type { useServerFieldErrors } from './fieldErrors';

export type LoginStep =
  | { name: 'credentials' | 'authenticate' | 'survey' }
  | { name: 'trial'; family: 'producer' | 'artist'; isReferral: boolean };

export interface Credentials {
  email: string;
  password: string;
}

/** The login's steps: credentials, then the e-mailed code, the survey or the trial offer, then the platform. */
export function useLogin(fieldErrors: ReturnType<typeof useServerFieldErrors>) {
  const { api, device } = useServices();
  const session = useSession();
  const message = useToasts();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>({ name: 'credentials' });
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const { busy, busyWhile } = useBusyCall();

  const enterPlatform = () => navigate(redirectPath.get(), { replace: true });

  async function follow(reply: LoginReply) {
    switch (reply.response) {
      case 'success':
        await session.refresh();
        enterPlatform();
        return;
      case 'authenticate':
      case 'survey':
        setStep({ name: reply.response });
        return;
      case 'prodSubs':
      case 'artistSubs':
        await session.refresh();
        setStep({
          name: 'trial',
          family: reply.response === 'prodSubs' ? 'producer' : 'artist',
          isReferral: reply.isReferral,
        });
        return;
      default: {
        const unexpected: never = reply.response;
        throw new Error(`Unexpected login response ${String(unexpected)}`);
      }
    }
  }

  const login = (
    current: Credentials,
    extra: { auth_code?: string; producerArtistSurvey?: SurveyAnswer } = {},
  ) =>
    // A wrong code marks the code field; a wrong password the password field.
    busyWhile(
      async () => {
        const uuid = await device.ensure();
        await follow(await api.login({ ...current, uuid, ...extra }));
      },
      fieldErrors.setters('code', 'password'),
    );

  const resend = async () => {
    if (!credentials) return;
    await busyWhile(async () => {
      const uuid = await device.ensure();
      const reply = await api.resendCode({ ...credentials, uuid });
      void message.success(reply.message);
    });
  };

  return {
    step,
    credentials,
    setCredentials,
    busy,
    login,
    resend,
    enterPlatform,
    signedIn: session.status === 'signedIn',
  };
}

/** One call at a time with the buttons busy; its errors are reported (marking the fields named by `setters`). */
function useBusyCall() {
  const reportError = useReportError();
  const [busy, setBusy] = useState(false);
  const busyWhile = async (call: () => Promise<void>, setters?: FieldErrorSetters) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      reportError(error, setters);
    } finally {
      setBusy(false);
    }
  };
  return { busy, busyWhile };
}
