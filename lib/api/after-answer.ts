// Work that goes on once the answer is sent: Next's `after` inside a request; outside one (the
// node suites call route handlers directly) the work simply runs on in the background.
import { after } from 'next/server';

export function afterAnswer(work: () => Promise<void>): void {
  try {
    after(work);
  } catch {
    void work();
  }
}
