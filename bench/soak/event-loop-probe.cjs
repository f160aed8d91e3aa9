// Preloaded into each `next start` of the soak (node --require): every 5 seconds it appends the
// process's resident set, heap and event-loop delay (perf_hooks histogram, reset each window) to
// the file named by BENCH_PROBE_FILE, one JSON line per window. Nothing in the app changes.
const { appendFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    const memory = process.memoryUsage();
    const line = {
      at: Date.now(), pid: process.pid, rss: memory.rss, heapUsed: memory.heapUsed,
      loopDelay: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean) },
    };
    histogram.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 5000).unref();
}
