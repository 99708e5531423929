/**
 * One full garbage collection on demand, without `--expose-gc` on the command line: the flag is set
 * for a moment, the collector is taken from a fresh context, and the flag is cleared again, so the
 * process's own global scope never gets a `gc` and later contexts do not either. Used once after
 * start-up by `npm start` (all-in-one/main.ts) and per sample by the bench's soak (tools/bench/serve.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
}
