// Type-aware checks tsc does not make. With the database behind an async driver, a query that is
// not awaited never runs (drizzle builds it lazily) and a promise in an `if` is always true, so
// these two rules guard every write. Run by `npm run -s check:async` (part of `npm test`).
import tseslint from "typescript-eslint";

export default tseslint.config({
  files: ["server/**/*.ts", "tests/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts"],
  languageOptions: { parser: tseslint.parser, parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname } },
  plugins: { "@typescript-eslint": tseslint.plugin },
  rules: {
    "@typescript-eslint/no-floating-promises": "error",
    "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
  },
});
