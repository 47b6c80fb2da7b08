import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./server/persistence/db/schema.ts",
  out: "./server/persistence/db/migrations",
});
