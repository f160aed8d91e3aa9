'use client';
// Links that prefetch on intent rather than on sight. Next's <Link> prefetches every link that
// scrolls into view; on the tree, the lists and the header that is dozens of server renders per
// page view, for pages seldom opened. This one fetches its page once the pointer rests on it, or
// at once on a press or keyboard focus, so the click usually finds the page ready. What it
// fetched stays usable for `experimental.staleTimes.static` (next.config.js); any edit's
// router.refresh() drops it.
import NextLink from 'next/link';
import { useEffect, useRef, useState, type ComponentProps } from 'react';

/** How long the pointer rests on a link before it counts as intent (sweeping past does not). */
const DWELL_MS = 80;

export function Link({ onPointerEnter, onPointerLeave, onPointerDown, onFocus, prefetch, ...props }: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false);
  const dwell = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(dwell.current), []);
  const show = () => setIntent(true);
  return (
    <NextLink
      {...props}
      prefetch={prefetch === false ? false : intent}
      onPointerEnter={(e) => {
        if (e.pointerType === 'mouse') dwell.current = setTimeout(show, DWELL_MS);
        onPointerEnter?.(e);
      }}
      onPointerLeave={(e) => {
        clearTimeout(dwell.current);
        onPointerLeave?.(e);
      }}
      onPointerDown={(e) => {
        show();
        onPointerDown?.(e);
      }}
      onFocus={(e) => {
        if (e.currentTarget.matches(':focus-visible')) show();
        onFocus?.(e);
      }}
    />
  );
}
