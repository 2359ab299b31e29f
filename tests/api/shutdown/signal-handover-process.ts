import { createMemoryLogger } from '../../../server/core/logger';
import { guardStartup } from '../../../server/core/startup-signals';

/**
 * A process that sends itself SIGTERM while the start-up guard handles signals, and hands over in
 * the same tick, before its event loop has run the signal's handler: what the server does when a
 * SIGTERM comes as it prints its address. Prints "handled" when the new handler ran; "lost" when
 * nothing did (it exits 3 then, as a server that ran on would have been killed).
 */
const startup = guardStartup({ logger: createMemoryLogger(), exit: (code) => process.exit(code) });
process.kill(process.pid, 'SIGTERM');
startup.handOver(() =>
  process.on('SIGTERM', () => {
    process.stdout.write('handled\n');
    process.exit(0);
  }),
);
setTimeout(() => {
  process.stdout.write('lost\n');
  process.exit(3);
}, 2_000);
