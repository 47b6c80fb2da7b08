// Issue 39 item 4, in Chromium: disclosure texts are served from the same live gate as the steps,
// not built into the web app. An applicant at the disclosures page reads the text; compliance edits
// content/disclosures/heloc-important-terms.md on the server; the server reloads (the watcher in
// development, SIGHUP in production) and, at the next load of the page, the applicant reads the
// edited text, with no rebuild. An edit that fails check never reaches the page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { makeApplicant } from "../helpers/accounts";
import { copyDefinitions } from "../helpers/definitions";
import { browser as apiBrowser } from "../helpers/server";
import { screenshot, useE2E } from "./browser";
import { pageWithSession } from "./sessions";

const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;
const copy = copyDefinitions({ content: true });
const e2e = useE2E({ definitions: copy.dirs });

describe("a disclosure edit (e2e)", { timeout: 180_000 }, () => {
  it("reaches the page after a reload of the definitions, with no rebuild; a broken one never does", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const doc = structuredClone(fixture);
    doc.user.email = email;
    const who = await makeApplicant(e2e.server.services, { email, status: "disclosures", doc });
    const api = apiBrowser(e2e.server.url);
    await api.auth("Applicant", "callback/credentials", { email, password: who.password });
    const page = await pageWithSession(e2e, api);

    const terms = page.locator('[data-document="heloc-important-terms"]');
    await page.goto("/app/application/sign");
    await terms.getByText(/This disclosure describes important information/).waitFor();
    expect(await terms.textContent()).not.toContain("Read this before you sign");

    // Compliance adds a sentence on the server's copy of the text, and the server reloads.
    copy.editText("content/disclosures/heloc-important-terms.md", (t) =>
      t.replace(
        "# Important terms of our home equity line of credit\n",
        "# Important terms of our home equity line of credit\n\nRead this before you sign: it is part of your agreement.\n",
      ),
    );
    expect(await e2e.server.reloadDefinitions("test")).toMatchObject({ swapped: true, problems: [] });
    await page.reload();
    await terms.getByText("Read this before you sign: it is part of your agreement.").waitFor();
    await screenshot(page, "disclosure-edited");

    // A token nothing fills fails check: the server keeps the text it serves.
    copy.editText("content/disclosures/heloc-important-terms.md", (t) =>
      t.replace("Read this before you sign", "Read this, {{applicantNickname}}, before you sign"),
    );
    const refused = await e2e.server.reloadDefinitions("test");
    expect(refused.swapped).toBe(false);
    expect(refused.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^\{\{applicantNickname\}\} is not a value this text is filled with/),
    ]);
    await page.reload();
    await terms.getByText("Read this before you sign: it is part of your agreement.").waitFor();
    expect(await terms.textContent()).not.toContain("applicantNickname");
  });
});
