// The uploader of the audience-upload benchmark, in a process of its own so that its memory is
// its own: uploads BENCH_UPLOAD_FILE with rest-client's uploadAudienceUsers and prints one JSON
// line with the report, its peak RSS (sampled every 50 ms, and the kernel's high-water mark)
// and its CPU time.
import { createRestClient, uploadAudienceUsers } from "@adsgraph/rest-client";

const need = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`${name} is required`);
  return value;
};

let sampledPeak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
}, 50);
const cpu = process.cpuUsage();
const client = createRestClient({
  hosts: { ads: need("BENCH_UPLOAD_ADS_URL") },
  auth: {
    consumer: {
      consumerKey: need("BENCH_UPLOAD_CONSUMER_KEY"),
      consumerSecret: need("BENCH_UPLOAD_CONSUMER_SECRET"),
    },
    token: {
      token: need("BENCH_UPLOAD_TOKEN"),
      tokenSecret: need("BENCH_UPLOAD_TOKEN_SECRET"),
    },
  },
});
const started = performance.now();
const report = await uploadAudienceUsers(client, {
  account_id: need("BENCH_UPLOAD_ACCOUNT"),
  custom_audience_id: need("BENCH_UPLOAD_AUDIENCE"),
  source: need("BENCH_UPLOAD_FILE"),
  progress: { file: need("BENCH_UPLOAD_PROGRESS") },
});
const ms = performance.now() - started;
clearInterval(sampler);
await client.close();
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    report,
    ms,
    peakRssSampled: Math.max(sampledPeak, process.memoryUsage().rss),
    maxRss: process.resourceUsage().maxRSS * 1024,
    cpuMs: (used.user + used.system) / 1000,
  }),
);
