// /insights: the articles of content/insights/, newest first.
import { ROUTES } from "@engine/base/routes";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { text, useContentFolder } from "./content";
import { formatPublished } from "./dates";

export default function InsightsPage() {
  useDocumentTitle("Insights");
  const posts = [...useContentFolder("insights")].sort((a, b) =>
    text(b.attributes.date).localeCompare(text(a.attributes.date)),
  );
  return (
    <div className="page">
      <div className="prose">
        <h1>Insights</h1>
        <p>Plain-language guides to home equity, lines of credit and borrowing responsibly.</p>
      </div>
      <ul className="cards">
        {posts.map((post) => (
          <li key={post.name}>
            <article className="card">
              <h2>
                <Link to={`${ROUTES.insightPost}?slug=${encodeURIComponent(post.name)}`}>
                  {text(post.attributes.title)}
                </Link>
              </h2>
              <p>{text(post.attributes.summary)}</p>
              <p className="meta">
                <time dateTime={text(post.attributes.date)}>
                  {formatPublished(text(post.attributes.date))}
                </time>{" "}
                · {text(post.attributes.readingMinutes)} min read
              </p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
