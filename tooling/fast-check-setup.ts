import fc from 'fast-check';

/**
 * Every property test of every package runs with one fixed seed, so a test
 * run gives the same result each time. `X_FC_SEED` replays another seed (a
 * failing property prints the seed and path to use), `X_FC_RUNS` changes the
 * default number of runs of properties that do not set their own.
 */
const seed = Number(process.env.X_FC_SEED ?? 20261121);
const numRuns = process.env.X_FC_RUNS === undefined ? undefined : Number(process.env.X_FC_RUNS);

if (!Number.isSafeInteger(seed)) throw new Error(`X_FC_SEED must be an integer, got ${process.env.X_FC_SEED}`);
if (numRuns !== undefined && !(Number.isSafeInteger(numRuns) && numRuns > 0)) throw new Error(`X_FC_RUNS must be a positive integer, got ${process.env.X_FC_RUNS}`);

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed, ...(numRuns === undefined ? {} : { numRuns }) });
