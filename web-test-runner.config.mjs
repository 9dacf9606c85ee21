// Element tests in real Chromium. Test files are bundled by scripts/test-elements.mjs first
// (web-test-runner cannot serve React's CommonJS from source), so nothing is resolved here.
import { chromeLauncher } from '@web/test-runner-chrome';

const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const outDir = process.env.GAZE_ELEMENT_TEST_DIR || 'tmp/element-tests';

export default {
  rootDir: '.',
  files: [`${outDir}/**/*.test.js`],
  nodeResolve: false,
  // Two shared cores: one page at a time keeps timings stable.
  concurrency: 1,
  testsFinishTimeout: 180_000,
  // A test's own waits (test-utils waitFor) time out at 15 s each; the test as a whole gets room
  // for several of them on a loaded machine.
  testFramework: { config: { timeout: 60_000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
};
