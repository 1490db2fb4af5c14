/**
 * The one source of the licence terms (Unlimited Non-Exclusive License Agreement) and of the legal
 * constants the policy pages carry. The contract page renders these; commerce's licence PDF is to
 * render the same values, so the page and the PDF never differ.
 */
export const LICENCE_TERMS = {
  name: 'Unlimited Non-Exclusive License Agreement',
  termYears: 10,
  newSongs: 1,
  videos: 1,
  videoMaxMinutes: 5,
  sales: 'unlimited',
  streams: 'unlimited',
  radioStations: 2,
  publishingSplit: { producer: 50, licensee: 50 },
  mechanicalRoyaltiesPercentOfStatutoryMinimum: 100,
  producerTerminationPercentOfFee: 200,
  cureBusinessDaysPaymentBreach: 5,
  cureDaysOtherBreach: 30,
  calendarDaysToSignDocuments: 5,
  governingLaw: 'the State of New York, USA',
  pdfPaperSize: 'A4',
} as const;

export type LicenceTerms = typeof LICENCE_TERMS;

/** The licence as numbered clauses in plain words (same text for the page and the PDF). */
export function licenceClauses(t: LicenceTerms = LICENCE_TERMS): { title: string; text: string }[] {
  return [
    {
      title: 'Term',
      text: `The licence runs for ${t.termYears} years from the date of purchase.`,
    },
    {
      title: 'What you may make',
      text: `You may record ${t.newSongs} new song and make ${t.videos} video of up to ${t.videoMaxMinutes} minutes using the beat.`,
    },
    {
      title: 'Sales and streams',
      text: `Sales and streams of the song are ${t.sales}.`,
    },
    {
      title: 'Radio',
      text: `The song may be broadcast by up to ${t.radioStations} radio stations.`,
    },
    {
      title: 'Publishing',
      text: `Publishing is split ${t.publishingSplit.producer}/${t.publishingSplit.licensee} between the producer and you.`,
    },
    {
      title: 'Mechanical royalties',
      text: `Mechanical royalties are paid at ${t.mechanicalRoyaltiesPercentOfStatutoryMinimum}% of the minimum statutory rate.`,
    },
    {
      title: 'Termination by the producer',
      text: `If the producer ends the licence early, the producer pays you ${t.producerTerminationPercentOfFee}% of the fee you paid.`,
    },
    {
      title: 'Breach and cure',
      text: `A payment breach must be cured within ${t.cureBusinessDaysPaymentBreach} business days of notice; any other breach within ${t.cureDaysOtherBreach} days.`,
    },
    {
      title: 'Documents',
      text: `You sign any document needed to confirm these rights within ${t.calendarDaysToSignDocuments} calendar days of being asked.`,
    },
    {
      title: 'Governing law',
      text: `This licence is governed by the laws of ${t.governingLaw}.`,
    },
  ];
}

/** Constants of the policy pages (Terms, Privacy, Acceptable Use, Refund, …). */
export const LEGAL_CONSTANTS = {
  minimumAge: 13,
  dataRetentionMonths: 120,
  abuseResponseDays: 2,
  governingLaw: 'the State of Ohio, USA',
  liabilityCap:
    'one dollar (US$1.00) or the amount you paid us in the month before the claim, whichever is greater',
  refunds: 'No refunds are given after a purchase, because the goods are non-tangible digital files.',
  lastUpdated: { terms: 'January 21, 2023', other: 'January 20, 2023' },
  contactReplyHours: 48,
} as const;
