// Runs one bench file (under tsx) and prints its rows after a marker line for scripts/bench.mjs.
import { pathToFileURL } from 'node:url';

const mod = await import(pathToFileURL(process.argv[2]).href);
const rows = await mod.default();
process.stdout.write(`\n@@rows ${JSON.stringify(rows)}\n`);
process.exit(0);
