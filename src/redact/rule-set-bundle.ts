// Entry of dist/redact-rules.cjs (scripts/build.mjs): the rule set bundled into one CommonJS file.
export { lintSource } from "@secretlint/core";
export { creator } from "@secretlint/secretlint-rule-preset-recommend";
