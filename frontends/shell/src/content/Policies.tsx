import { LEGAL_CONSTANTS as L, LICENCE_TERMS, licenceClauses } from '@beatmatch/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ContentPage } from './Page';
import { useSupportEmail } from './useSupportEmail';

export const POLICY_LINKS = [
  { to: '/policies/acceptable', label: 'Acceptable Use' },
  { to: '/policies/cookies', label: 'Cookies' },
  { to: '/policies/disclaimer', label: 'Disclaimer' },
  { to: '/policies/dmca', label: 'DMCA' },
  { to: '/policies/privacy', label: 'Privacy' },
  { to: '/policies/refund', label: 'Refund' },
  { to: '/policies/terms', label: 'Terms' },
  { to: '/policies/nonExclusive', label: 'Non Exclusive Contract' },
];

function Mailbox() {
  const email = useSupportEmail();
  return email ? (
    <a href={`mailto:${email}`}>{email}</a>
  ) : (
    <>
      our team through <Link to="/help/contact">Contact Us</Link>
    </>
  );
}

function Policy({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <ContentPage title={title} lead={`Last updated ${updated}`}>
      {children}
      <p>
        Questions about this policy: write to <Mailbox />.
      </p>
      <p>
        <Link to="/policies">All policies</Link>
      </p>
    </ContentPage>
  );
}

export function PoliciesIndex() {
  return (
    <ContentPage title="Policies" lead="The rules for using Beatmatch and for the beats bought on it.">
      <ul>
        {POLICY_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}

export function AcceptableUse() {
  return (
    <Policy title="Acceptable Use Policy" updated={L.lastUpdated.other}>
      <p>
        You must be at least {L.minimumAge} years old to use Beatmatch. Do not upload beats you do not own,
        beats with uncleared copyrighted samples, malware, or content that is unlawful, hateful or harassing.
        Do not scrape the site, probe it for weaknesses or get around its limits.
      </p>
      <p>
        If our abuse team e-mails you about your account, answer within {L.abuseResponseDays} days; otherwise
        the account may be suspended.
      </p>
    </Policy>
  );
}

export function Cookies() {
  return (
    <Policy title="Cookie Policy" updated={L.lastUpdated.other}>
      <p>
        We use cookies that the site needs to work: one that keeps you signed in and one that protects forms
        against cross-site requests. We keep your cart and preferences in your browser. We do not use
        advertising cookies. Blocking these cookies stops sign-in from working.
      </p>
    </Policy>
  );
}

export function Disclaimer() {
  return (
    <Policy title="Disclaimer" updated={L.lastUpdated.other}>
      <p>
        Beatmatch and its content are provided as they are, without warranties of any kind. Beats are made by
        independent producers; we do not promise that a beat will suit your purpose or lead to commercial
        success. Our liability is limited to {L.liabilityCap}. These pages are governed by the laws of{' '}
        {L.governingLaw}.
      </p>
    </Policy>
  );
}

export function Dmca() {
  return (
    <Policy title="DMCA Policy" updated={L.lastUpdated.other}>
      <p>
        If you believe a beat on Beatmatch infringes your copyright, send us a notice naming the work, the
        beat and its address on the site, your contact details, a statement of good-faith belief and a
        statement, under penalty of perjury, that you are the owner or may act for the owner, with your
        signature. We remove the beat while we look into it and may close the accounts of repeat infringers.
        The uploader may send a counter-notice.
      </p>
    </Policy>
  );
}

export function Privacy() {
  return (
    <Policy title="Privacy Policy" updated={L.lastUpdated.other}>
      <p>
        We collect what you give us (name, e-mail, profile, uploads, payout details) and what the site needs
        to run (sign-in sessions, plays, purchases). We use it to run the marketplace, pay producers and
        answer you. We do not sell your data and we do not train our AI on your uploads.
      </p>
      <p>
        We keep personal data for at most {L.dataRetentionMonths} months, and delete it sooner when you close
        your account and the law does not require us to keep it. Beatmatch is not meant for children under{' '}
        {L.minimumAge}.
      </p>
    </Policy>
  );
}

export function Refund() {
  return (
    <Policy title="Refund Policy" updated={L.lastUpdated.other}>
      <p>{L.refunds}</p>
      <p>If a file you bought is broken or missing, contact us and we will send a working copy.</p>
    </Policy>
  );
}

export function Terms() {
  return (
    <Policy title="Terms of Service" updated={L.lastUpdated.terms}>
      <p>
        By using Beatmatch you agree to these terms. You must be at least {L.minimumAge} years old. Producers
        keep 100% of each sale minus payment-method and card-processing fees; there is no commission. Beats
        are sold under the <Link to="/policies/nonExclusive">Non Exclusive Contract</Link>. {L.refunds}
      </p>
      <p>
        You must answer our abuse team within {L.abuseResponseDays} days or your account may be suspended. We
        keep personal data for at most {L.dataRetentionMonths} months (see the{' '}
        <Link to="/policies/privacy">Privacy Policy</Link>). Our liability is limited to {L.liabilityCap}.
        These terms are governed by the laws of {L.governingLaw}.
      </p>
    </Policy>
  );
}

export function NonExclusiveContract() {
  return (
    <Policy title="Non Exclusive Contract" updated={L.lastUpdated.other}>
      <p>
        Every beat on Beatmatch is sold under the {LICENCE_TERMS.name}. The producer keeps ownership of the
        beat and may license it to others. The PDF you receive with a purchase carries these same terms.
      </p>
      <ol>
        {licenceClauses().map((clause) => (
          <li key={clause.title}>
            <strong>{clause.title}.</strong> {clause.text}
          </li>
        ))}
      </ol>
    </Policy>
  );
}
