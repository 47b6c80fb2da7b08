// <StepForm>'s body for one prepared step: the heading, RJSF's Form and the buttons, with the
// store, sections and handlers of ./use-step-form.ts.
import Form from "@rjsf/core";
import { englishStringTranslator, TranslatableString, type RegistryFieldsType } from "@rjsf/utils";
import { formWord } from "@engine/locale/form-words";
import { StoreContext } from "../context";
import { renderValidator } from "../render-validator";
import { ObjectFieldWithSameAs } from "../same-as";
import type { FormBodyProps } from "../StepForm";
import { useStyles } from "../styles";
import { templates } from "../templates";
import { ErrorSummary } from "./ErrorSummary";
import { StepActions } from "./StepActions";
import { StepHeading } from "./StepHeading";
import { useStepForm } from "./use-step-form";

const fields: RegistryFieldsType = { ObjectField: ObjectFieldWithSameAs };

/** RJSF's own words (a boolean's Yes and No) in the page's language (engine/locale/words.ts). */
const translateString = (id: TranslatableString, params?: string[]) =>
  id === TranslatableString.YesLabel
    ? formWord("form.yes")
    : id === TranslatableString.NoLabel
      ? formWord("form.no")
      : englishStringTranslator(id, params);

/**
 * RJSF fills in nothing the applicant did not answer: no `false` for a required yes/no, no first
 * option of an enumeration, no empty objects; a list with `minItems` starts with that many items.
 */
const defaultFormState = {
  emptyObjectFields: "skipEmptyDefaults",
  arrayMinItems: { populate: "all" },
  constAsDefaults: "never",
  requiredBooleanDefault: "skip",
} as const;

export function StepFormBody(props: FormBodyProps) {
  const styles = useStyles();
  const { text, store, sections, form, ...step } = useStepForm(props);
  const { section, isLast } = sections;
  const readOnly = Boolean(props.readOnly);
  return (
    <div ref={step.rootRef} className={styles.root}>
      <StepHeading
        title={text.title}
        description={text.description}
        section={section}
        at={sections.at}
        count={sections.sections.length}
        headingRef={sections.heading}
      />
      <StoreContext.Provider value={store}>
        {/* Typed values not yet handed to RJSF are handed over before RJSF reads them for the submit. */}
        <div onSubmitCapture={() => store.flushAll()} {...step.capture}>
          <Form
            className={styles.form}
            schema={props.prepared.schema}
            validator={renderValidator}
            templates={templates}
            fields={fields}
            translateString={translateString}
            {...form}
            initialFormData={step.initialFormData}
            {...step.handlers}
            disabled={readOnly}
            noValidate
            noHtml5Validate
            liveValidate={false}
            showErrorList={false}
            experimental_defaultFormStateBehavior={defaultFormState}
          >
            <ErrorSummary store={store} />
            {text.showActions ? (
              <StepActions
                backRef={step.backRef}
                hasBack={step.hasBack}
                readOnly={readOnly}
                submitting={Boolean(props.submitting)}
                continues={Boolean(section && !isLast)}
                submitLabel={text.submitLabel}
              />
            ) : null}
          </Form>
        </div>
      </StoreContext.Provider>
    </div>
  );
}
