'use client';
// The error boundary of the console's screens: something failed unexpectedly (the server hides
// the detail); say so, offer a retry (re-fetches the segment), point somewhere safe.
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

export function ScreenError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <Notice
        tone="error"
        title="We couldn’t load this page"
        action={
          <div className="flex gap-3">
            <Button onClick={() => retry()}>Try again</Button>
            <Link href="/" className="self-center text-sm underline">Back to the organization</Link>
          </div>
        }
      >
        Something went wrong on our side. Try again in a moment; if it keeps happening, contact your administrator.
      </Notice>
    </main>
  );
}
