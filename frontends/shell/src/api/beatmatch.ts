// Typed calls of the identity part of the gateway contract.
import type { ApiClient } from './client';

export type LoginResponseValue = 'success' | 'authenticate' | 'survey' | 'prodSubs' | 'artistSubs';
export type SurveyAnswer = 'artist' | 'prod' | 'both';

export interface LoginReply {
  response: LoginResponseValue;
  data: string;
  isReferral: boolean;
}

export interface AuthUser {
  userName: string;
  profilePicture?: string | null;
  userId: string;
  email: string;
}

export interface LoginRequest {
  email: string;
  password: string;
  uuid: string;
  auth_code?: string;
  producerArtistSurvey?: SurveyAnswer;
}

export interface SignupRequest {
  username: string;
  email: string;
  password: string;
  ref?: string;
}

export const beatmatchApi = (api: ApiClient) => ({
  exclude: () => api.post<{ uuid: string }>('/api/beatmatch_exclude', {}),
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
