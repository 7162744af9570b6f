// `npm run bench:drain`: the delivery drain alone (see bench/lib/drain.ts). BENCH_DRAIN_ENQUIRIES
// sets the backlog (default 5000 enquiries, two deliveries each).
import { measureDrain } from './lib/drain.ts';

const enquiries = Number(process.env.BENCH_DRAIN_ENQUIRIES ?? 5_000);
const result = await measureDrain(enquiries);
console.log(
  `drained ${result.deliveries} deliveries (${result.enquiries} enquiries × webhook + e-mail) in ${result.seconds.toFixed(1)} s: ` +
    `${result.deliveriesPerSecond.toFixed(0)} deliveries/s; receivers saw ${result.webhookPosts} webhook POSTs and ${result.mails} mails; worker CPU ${result.workerCpuMsPerDelivery.toFixed(2)} ms per delivery`,
);
