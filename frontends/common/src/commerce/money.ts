// Money on the commerce pages: the API speaks dollars with 2 decimals (as text or number); the pages
// show them with a dollar sign. Amounts are computed by the server (ARCHITECTURE.md rule 6).

/** '25' → '$25.00'; a missing amount shows as '$0.00'. */
export function formatDollars(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '0');
  return `$${(Number.isFinite(value) ? value : 0).toFixed(2)}`;
}
