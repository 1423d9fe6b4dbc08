/**
 * `npm run bench` runs every benchmark and prints one summary table; `npm run bench -- NAME [ARG]` runs one of
 * them: web (API round trips), leads [queries|import], comps (comparable sales at 1,000,000 leads), transcription [calls], bundle (initial JS and chunks),
 * load [seconds], automation (sequences: enrol and due steps), analytics (every report for 30 days at 1,000,000 leads / 5,000,000 calls). `--json` prints the table as JSON on stdout instead (the benchmarks' own lines then go to
 * stderr; `npm run -s` keeps npm's banner off stdout). Each benchmark returns its rows (bench/report.ts).
 */
import { formatTable, skipped, type BenchRow } from './report';

type Bench = (arg: string | undefined, all: boolean) => Promise<BenchRow[]>;

const BENCHES: Record<string, Bench> = {
  web: async () => (await import('./web')).runWebBench(),
  leads: async (arg, all) => {
    const leads = await import('./leads');
    // Seeding takes minutes: the full run only measures a database seeded before.
    if (all && !(await leads.leadsBenchSeeded())) return [skipped('leads', 'skipped: run npm run bench -- leads once to seed')];
    return leads.runLeadsBench(arg);
  },
  comps: async (_arg, all) => {
    const comps = await import('./comps');
    // Seeding takes minutes: the full run only measures a database seeded before.
    if (all && !(await comps.compsBenchSeeded())) return [skipped('comps', 'skipped: run npm run bench -- comps once to seed')];
    return comps.runCompsBench();
  },
  transcription: async (arg) => (await import('./transcription')).runTranscriptionBench(arg ? Number(arg) : undefined),
  bundle: async () => (await import('./bundle')).runBundleBench(),
  load: async (arg) => (await import('./load')).runLoadBench(arg ? Number(arg) : undefined),
  automation: async () => (await import('./automation')).runAutomationBench(),
  analytics: async (_arg, all) => {
    const analytics = await import('./analytics');
    // Seeding takes many minutes: the full run only measures a database seeded before.
    if (all && !(await analytics.analyticsBenchSeeded())) return [skipped('analytics', 'skipped: run npm run bench -- analytics once to seed')];
    return analytics.runAnalyticsBench();
  },
};

const args = process.argv.slice(2);
const json = args.includes('--json');
const [name, arg] = args.filter((a) => a !== '--json');
if (name !== undefined && !(name in BENCHES)) {
  console.error(`Unknown benchmark '${name}'; one of: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(1);
}
const print = console.log;
if (json) console.log = console.error;

const rows: Array<BenchRow & { bench: string }> = [];
let failed = false;
for (const bench of name ? [name] : Object.keys(BENCHES)) {
  if (!name) console.log(`\n=== ${bench} ===`);
  try {
    for (const row of await BENCHES[bench]!(arg, !name)) rows.push({ bench, ...row });
  } catch (error) {
    failed = true;
    console.error(`${bench} failed:`, error);
    rows.push({ bench, name: 'failed', value: null, unit: '', budget: null, ok: false, note: `failed: ${(error as Error).message.split('\n')[0]}` });
  }
}
if (json) print(JSON.stringify(rows, null, 2));
else print(`\n${formatTable(rows)}`);
process.exit(failed ? 1 : 0);
