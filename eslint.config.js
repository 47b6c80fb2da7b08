// Type-aware checks tsc does not make. With the database behind an async driver, a query that is
// not awaited never runs (drizzle builds it lazily) and a promise in an `if` is always true, so
// these two rules guard every write. `npm run -s lint` (part of `npm test`) covers every
// TypeScript folder; the web app and the renderer are typed by tsconfig.web.json (DOM, JSX).
import tseslint from "typescript-eslint";

const rules = {
  "@typescript-eslint/no-floating-promises": "error",
  "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
  // A module two folders away is named by what it is, not by how far up it sits (docs/architecture.md).
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          regex: "^(\\.\\./){2,}",
          message:
            "Import across folders with a path alias (@engine/…, @server/…, @schemas/…: tsconfig.json paths).",
        },
      ],
    },
  ],
};
const withProject = (files, project) => ({
  files,
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { project, tsconfigRootDir: import.meta.dirname },
  },
  plugins: { "@typescript-eslint": tseslint.plugin },
  rules,
});

export default tseslint.config(
  // web/build/ is loaded with the Vite config, before the config's aliases exist: it imports relatively.
  { ignores: ["**/node_modules/**", "dist/**", "engine/generated/**", "web/build/**"] },
  withProject(
    ["engine/**/*.ts", "server/**/*.ts", "tests/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts"],
    "./tsconfig.json",
  ),
  withProject(["engine/react/**/*.{ts,tsx}", "web/**/*.{ts,tsx}"], "./tsconfig.web.json"),
);
