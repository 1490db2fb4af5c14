/**
 * A user's consent to news mails (stream `mailConsent:<userId>`), issue 26: only users who agreed get
 * campaign mails (send_v3_email) or appear in the e-mail CSV. Each campaign mail carries an unsubscribe
 * link of its own, spent when used.
 */
export type MailConsentGiven = { type: 'MailConsentGiven'; data: { agreedAt: string } };
export type MailConsentWithdrawn = {
  type: 'MailConsentWithdrawn';
  /** `linkId`: the unsubscribe link it came through (spent from now on); null from the account. */
  data: { withdrawnAt: string; linkId: string | null };
};
export type CampaignMailQueued = {
  type: 'CampaignMailQueued';
  data: { campaignId: string; subject: string; body: string; queuedAt: string };
};
/** The queued mail went out (recorded after the send): a redelivered request for it sends nothing. */
export type CampaignMailSent = { type: 'CampaignMailSent'; data: { campaignId: string; sentAt: string } };
export type MailConsentEvent =
  MailConsentGiven | MailConsentWithdrawn | CampaignMailQueued | CampaignMailSent;

export interface MailConsent {
  agreed: boolean;
  agreedAt: string | null;
  spentLinks: string[];
  /** The campaigns whose mail was queued for this user, and those whose mail went out. */
  campaigns: string[];
  mailedCampaigns: string[];
}

export const mailConsentStream = (userId: string) => `mailConsent:${userId}`;

export const initialMailConsent = (): MailConsent => ({
  agreed: false,
  agreedAt: null,
  spentLinks: [],
  campaigns: [],
  mailedCampaigns: [],
});

export function evolveMailConsent(state: MailConsent, event: MailConsentEvent): MailConsent {
  switch (event.type) {
    case 'MailConsentGiven':
      return { ...state, agreed: true, agreedAt: event.data.agreedAt };
    case 'MailConsentWithdrawn': {
      const { linkId } = event.data;
      return {
        ...state,
        agreed: false,
        spentLinks: linkId ? [...state.spentLinks, linkId] : state.spentLinks,
      };
    }
    case 'CampaignMailQueued':
      return { ...state, campaigns: [...state.campaigns, event.data.campaignId] };
    case 'CampaignMailSent':
      return { ...state, mailedCampaigns: [...state.mailedCampaigns, event.data.campaignId] };
  }
}
