import { configure } from '@testing-library/react';
import { toastCard } from '../features/toast/components/toast-region';

// findBy* and waitFor wait up to 5 s instead of 1: `npm test` runs these specs beside the integration and browser
// suites on 2 cores, where a lazy part of a page can take more than a second to load. A page that never shows what
// a spec waits for still fails it.
configure({ asyncUtilTimeout: 5_000 });

// The toast's card is a lazy part (toast-region.tsx): loaded before every spec, as a visitor's browser has it once a
// first toast came, so that specs of what a toast says read it when it is set.
await toastCard.preload();
