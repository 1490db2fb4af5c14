// Typed calls of the identity part of the gateway contract; the shapes are the contract's.
import type {
  AuthResponse,
  LoginRequest as ContractLoginRequest,
  LoginResponse,
  SignupRequest as ContractSignupRequest,
  SurveyAnswer,
} from '@beatmatch/contracts';
import type { ApiClient } from './client';

export type { LoginResponseValue, SurveyAnswer } from '@beatmatch/contracts';
export type LoginReply = LoginResponse;
export type AuthUser = AuthResponse;

/** What the login form sends (the contract's request, with the optional steps' fields optional). */
export interface LoginRequest extends Pick<ContractLoginRequest, 'email' | 'password'> {
  uuid: string;
  auth_code?: string;
  producerArtistSurvey?: SurveyAnswer;
}

export type SignupRequest = Pick<ContractSignupRequest, 'username' | 'email' | 'password'> & { ref?: string };

export const beatmatchApi = (api: ApiClient) => ({
  signup: (request: SignupRequest) => api.post<{ response: 'success' }>('/api/beatmatch_signup', request),
  login: (request: LoginRequest) => api.post<LoginReply>('/api/beatmatch_login', request),
  resendCode: (request: Pick<LoginRequest, 'email' | 'password' | 'uuid'>) =>
    api.post<{ message: string }>('/api/beatmatch_login_auth_resend', request),
  auth: () => api.post<AuthUser>('/api/beatmatch_auth', {}),
  logout: () => api.post<unknown>('/api/beatmatch_logout', {}),
  forgotPassword: (email: string) =>
    api.post<{ message: string }>('/api/beatmatch_forgot_password', { email }),
  checkResetToken: (jwt: string) =>
    api.post<{ response: 'success'; username: string }>('/api/beatmatch_jwt_authenticate', { jwt }),
  resetPassword: (request: { username?: string; password: string; jwt: string }) =>
    api.post<{ message: string }>('/api/reset_beatmatchs_password', request),
});

export type BeatmatchApi = ReturnType<typeof beatmatchApi>;
