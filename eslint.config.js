// Type-aware checks tsc does not make. With the database behind an async driver, a query that is
// not awaited never runs (drizzle builds it lazily) and a promise in an `if` is always true, so
// these two rules guard every write. `npm run -s lint` (part of `npm test`) covers every
// TypeScript folder; the web app and the renderer are typed by tsconfig.web.json (DOM, JSX).
import tseslint from "typescript-eslint";

const rules = {
  "@typescript-eslint/no-floating-promises": "error",
  "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
};
const withProject = (files, project) => ({
  files,
  languageOptions: { parser: tseslint.parser, parserOptions: { project, tsconfigRootDir: import.meta.dirname } },
  plugins: { "@typescript-eslint": tseslint.plugin },
  rules,
});

export default tseslint.config(
  { ignores: ["**/node_modules/**", "dist/**", "engine/generated/**"] },
  withProject(["engine/**/*.ts", "server/**/*.ts", "tests/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts"], "./tsconfig.json"),
  withProject(["engine/react/**/*.{ts,tsx}", "web/**/*.{ts,tsx}"], "./tsconfig.web.json"),
);
