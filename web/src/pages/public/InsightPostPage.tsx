// /insight-blog?slug=<name>: one article of content/insights/.
import { ROUTES } from "@engine/base/routes";
import { Link, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { NotFoundPage } from "@web/src/shell/NotFoundPage";
import { text, useContent } from "./content";
import { formatPublished } from "./dates";
import { Prose } from "./Prose";

export default function InsightPostPage() {
  const [params] = useSearchParams();
  const slug = params.get("slug") ?? "";
  // Only plain slugs name a file: nothing from the URL reaches a path.
  const post = useContent("insights", /^[a-z0-9-]+$/.test(slug) ? slug : "");
  useDocumentTitle(post ? text(post.attributes.title) : "Article not found");
  if (!post) return <NotFoundPage />;
  return (
    <article className="page page--narrow">
      <p className="meta">
        <Link to={ROUTES.insights}>Insights</Link> ·{" "}
        <time dateTime={text(post.attributes.date)}>{formatPublished(text(post.attributes.date))}</time> ·{" "}
        {text(post.attributes.readingMinutes)} min read
      </p>
      <Prose html={post.html} />
      <hr />
      <p className="meta">
        This article is general information, not financial, tax or legal advice. Talk to a qualified adviser
        about your situation.
      </p>
    </article>
  );
}
