'use client';
// Something failed while loading a unit page: say what to do, and offer to try again (retry
// re-fetches the page from the server; reset alone would re-render the same failure).
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function UnitError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <main className="p-6">
      <h1 className="sr-only">Could not load this unit</h1>
      <EmptyState title="This unit could not be loaded" action={<Button onClick={() => retry()}>Try again</Button>}>
        Arbor could not reach its data just now. Try again in a moment; if it keeps failing, reload the page.
      </EmptyState>
    </main>
  );
}
