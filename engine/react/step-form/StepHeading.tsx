// The step's title, its description (on the first section only) and the section's heading.
import { formWord } from "@engine/locale/form-words";
import type { RefObject } from "react";
import type { Section } from "@engine/logic/sections";
import { useStyles } from "../styles";

interface StepHeadingProps {
  title: string | undefined;
  description: string | undefined;
  section: Section | null;
  /** The section's place (0-based) and how many sections are open. */
  at: number;
  count: number;
  /** Focus moves here when the reader goes to another section. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

export function StepHeading({ title, description, section, at, count, headingRef }: StepHeadingProps) {
  const styles = useStyles();
  return (
    <>
      {title ? <h1 className={styles.title}>{title}</h1> : null}
      {description && at === 0 ? <p className={styles.lead}>{description}</p> : null}
      {section ? (
        <h2
          ref={headingRef}
          tabIndex={-1}
          className={styles.sectionTitle}
          data-section={section.id}
          data-fields={JSON.stringify(section.fields)}
        >
          <span className={styles.sectionCount}>{formWord("form.part", { n: at + 1, count })}</span>{" "}
          {section.title}
        </h2>
      ) : null}
    </>
  );
}
