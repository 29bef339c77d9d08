import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s instead of 1: `npm test` runs these specs beside the integration and browser
// suites on 2 cores, where a lazy part of a page can take more than a second to load. A page that never shows what
// a spec waits for still fails it.
configure({ asyncUtilTimeout: 5_000 });
