'use client';
// "2 min ago", computed against the server's clock on the first render (so server and browser
// render the same text) and against the browser's clock after that, refreshed every minute.
// Hovering shows the exact time: the ISO instant (to the millisecond) and, once in the browser,
// the reader's local date and time.
import { useEffect, useState } from 'react';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(iso: string, nowMs: number): string {
  const seconds = Math.round((Date.parse(iso) - nowMs) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** The exact time for a tooltip: local time (browser only: the server has no reader's zone) and ISO. */
export function exactTime(iso: string, local: boolean): string {
  const utc = new Date(iso).toISOString();
  if (!local) return utc;
  const shown = new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'long' });
  return `${shown} (${utc})`;
}

export function RelativeTime({ iso, serverNow }: { iso: string; serverNow: string }) {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setNow(Date.now());
    setMounted(true);
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={exactTime(iso, mounted)}>
      {relativeTime(iso, now)}
    </time>
  );
}
