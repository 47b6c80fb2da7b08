// drizzle-kit for the PostgreSQL dialect: the same schema file, made with pg-core builders
// because DATABASE_URL names PostgreSQL while it loads (server/persistence/db/dialect.ts).
import { defineConfig } from "drizzle-kit";

process.env.DATABASE_URL ||= "postgres://drizzle-kit@localhost/generate";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/persistence/db/schema.ts",
  out: "./server/persistence/db/migrations-pg",
});
