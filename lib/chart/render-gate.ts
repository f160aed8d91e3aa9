// How many PNG and PDF renders one process runs at once. A render holds up to ~190 MB (png.ts
// MAX_PIXELS) and a core for seconds; past the limit an export is refused at once with a 503
// `chart.busy` (Retry-After) rather than queued, so a burst cannot pile up memory.
import { chartBusy } from './errors';

export interface RenderGate {
  /** Runs `render` in a free slot, or throws chart.busy when every slot is taken. */
  run<T>(render: () => Promise<T>): Promise<T>;
  readonly running: number;
}

export function createRenderGate(limit: number): RenderGate {
  let running = 0;
  return {
    async run(render) {
      if (running >= limit) throw chartBusy(limit);
      running++;
      try {
        return await render();
      } finally {
        running--;
      }
    },
    get running() {
      return running;
    },
  };
}
