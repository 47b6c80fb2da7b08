// A list of what happens next and links, all from the step's `ui:options`: `heading`, `items`
// (sentences, in order) and `links` ({label, to}; a `to` under /api/ is a file download), and with
// `deliveryPreference` (its words) the borrower's E-SIGN consent and the way to ask for paper
// (./DeliveryPreference.tsx). The submitted page uses it.
import { Link } from "react-router-dom";
import type { DisplayProps } from "@engine/react/StepForm";
import { DeliveryPreference } from "./DeliveryPreference";
import { stringList, textOf } from "./markdown";
import { useDisplayStyles } from "./styles";

export function NextSteps({ options }: DisplayProps) {
  const styles = useDisplayStyles();
  const items = stringList(options.items);
  const links = (Array.isArray(options.links) ? options.links : []).filter(
    (l): l is { label: string; to: string } =>
      typeof l === "object" && l !== null && typeof l.label === "string" && typeof l.to === "string",
  );
  const heading = textOf(options.heading);
  return (
    <div className={styles.stack}>
      {heading ? <h2 className={styles.groupTitle}>{heading}</h2> : null}
      {items.length ? (
        <ol className={styles.steps}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      ) : null}
      {links.length ? (
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.to}>
              {/* A file from the API (the signed PDF) is a download, not a page of the app. */}
              {link.to.startsWith("/api/") ? (
                <a href={link.to} download>
                  {link.label}
                </a>
              ) : (
                <Link to={link.to}>{link.label}</Link>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {typeof options.deliveryPreference === "object" && options.deliveryPreference !== null ? (
        <DeliveryPreference words={options.deliveryPreference as Record<string, unknown>} />
      ) : null}
    </div>
  );
}
