// The day a scheduled deletion starts, as the banner and Settings write it (UTC, so server and
// browser render the same text).
export const formatDeletionDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
