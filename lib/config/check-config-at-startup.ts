// Start-up gate for the Next.js server (called from instrumentation.ts): validates the settings
// once, before the first request, and stops the process with one clear line when one is bad.
import { config } from './index';

export function checkConfigAtStartup(): void {
  try {
    config();
  } catch (e) {
    // One line, no stack: the message names the variable and never prints its value.
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}
