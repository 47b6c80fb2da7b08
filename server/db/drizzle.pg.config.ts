// drizzle-kit for the PostgreSQL dialect: the same schema file, made with pg-core builders
// because DATABASE_URL names PostgreSQL while it loads (server/db/dialect.ts).
import { defineConfig } from "drizzle-kit";

process.env.DATABASE_URL ||= "postgres://drizzle-kit@localhost/generate";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations-pg",
});
