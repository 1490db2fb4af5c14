// The identity calls the shell's pages make, typed by the contract's declarations.
import type { CallAnswer, CallRequest, SurveyAnswer } from '@beatmatch/contracts';
import type { ApiClient } from './client';

export type { LoginResponseValue, SurveyAnswer } from '@beatmatch/contracts';
export type LoginReply = CallAnswer<'beatmatch_login'>;
export type AuthUser = CallAnswer<'beatmatch_auth'>;

/** What the login form sends (the contract's request, with the optional steps' fields optional). */
export interface LoginRequest extends Pick<CallRequest<'beatmatch_login'>, 'email' | 'password'> {
  uuid: string;
  auth_code?: string;
  producerArtistSurvey?: SurveyAnswer;
}

export type SignupRequest = Pick<
  CallRequest<'beatmatch_signup'>,
  'username' | 'email' | 'password' | 'agreedToMail'
> & {
  ref?: string;
};

export const beatmatchApi = (api: ApiClient) => ({
  signup: (request: SignupRequest) => api.call('beatmatch_signup', request),
  login: (request: LoginRequest) => api.call('beatmatch_login', request),
  resendCode: (request: Pick<LoginRequest, 'email' | 'password' | 'uuid'>) =>
    api.call('beatmatch_login_auth_resend', request),
  auth: () => api.call('beatmatch_auth'),
  logout: () => api.call('beatmatch_logout'),
  forgotPassword: (email: string) => api.call('beatmatch_forgot_password', { email }),
  checkResetToken: (jwt: string) => api.call('beatmatch_jwt_authenticate', { jwt }),
  resetPassword: (request: { username?: string; password: string; jwt: string }) =>
    api.call('reset_beatmatchs_password', request),
});

export type BeatmatchApi = ReturnType<typeof beatmatchApi>;
