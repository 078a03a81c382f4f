import { packageTest } from '../../tooling/vitest.js';

export default packageTest(import.meta.dirname);
