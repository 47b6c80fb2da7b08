import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's top folder (Node only). */
export const REPO_ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
