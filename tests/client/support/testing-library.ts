import { configure } from '@testing-library/react';

// waitFor and findBy* give up after 1 s by default. Under load (the whole suite on 2 cores, or
// beside the browser tests) a router revalidation and its redirect can take longer than that;
// a condition that holds still returns at once, so only a failure waits the full 5 s.
configure({ asyncUtilTimeout: 5_000 });
