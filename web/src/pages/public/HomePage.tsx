// The landing page (spec §1): what a HELOC from us is, and the three property-use choices that
// start the funnel. Everything it says is content/home.json (in the reader's language: app/content-text.ts); the pictures are the ones the
// property-usage step shows too (web/public/images/property-usage/).
import { Link, useNavigate } from "react-router-dom";
import homeEnglish from "@content/home.json";
import { word } from "@engine/locale/words";
import { localContent } from "@web/src/app/content-text";
import { loadFunnelPage } from "@web/src/app/chunks";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { rememberHint } from "@web/src/shell/hints";

const warmFunnel = () => void loadFunnelPage().catch(() => undefined);

export default function HomePage() {
  useDocumentTitle(null);
  const navigate = useNavigate();
  const home = localContent("content/home.json", homeEnglish);
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="page">
          <h1 id="home-title">{home.title}</h1>
          <p className="lead">{home.lead}</p>
          <h2 className="section-title" id="choices-title" style={{ marginTop: 32 }}>
            {home.choicesHeading}
          </h2>
          <ul className="choices" aria-labelledby="choices-title">
            {home.choices.map((choice) => (
              <li key={choice.value}>
                <Link
                  className="choice"
                  to={home.start}
                  // Intent to start: fetch the funnel's code now, so the first step opens at once.
                  onPointerEnter={warmFunnel}
                  onFocus={warmFunnel}
                  onClick={(event) => {
                    event.preventDefault();
                    rememberHint(home.hintKey, choice.value);
                    void navigate(home.start);
                  }}
                >
                  <img src={choice.image} alt="" width={140} height={140} />
                  <span>
                    <span className="choice__label">{choice.label}</span>
                    <span className="choice__text">{choice.text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="meta" style={{ marginTop: 16 }}>
            {home.choicesNote}
          </p>
        </div>
      </section>
      <section className="page" aria-labelledby="benefits-title">
        <h2 className="section-title" id="benefits-title">
          {home.benefitsHeading}
        </h2>
        <ul className="benefits">
          {home.benefits.map((b) => (
            <li key={b.title}>
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="page" aria-labelledby="how-title" style={{ paddingTop: 0 }}>
        <h2 className="section-title" id="how-title">
          {home.howHeading}
        </h2>
        <ol className="benefits">
          {home.how.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="meta" style={{ marginTop: 24 }}>
          {home.disclaimer} <Link to="/faq">{word("home.readFaq")}</Link>.
        </p>
      </section>
    </>
  );
}
