// The types of chromium.mjs, which stays JavaScript: web-test-runner.config.mjs reads it without tsx.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
