// Validates XML against an XML Schema with libxml2 (the same library as Debian's xmllint), compiled
// to WebAssembly by libxml2-wasm: no native build, nothing downloaded, and the schema is compiled
// once per folder and kept (compiling MISMO's takes most of a second; a validation, milliseconds).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { XmlDocument, XsdValidator, XmlValidateError } from "libxml2-wasm";
import { xmlRegisterFsInputProviders } from "libxml2-wasm/lib/nodejs.mjs";

export interface SchemaCheck {
  valid: boolean;
  /** libxml2's messages, each with its line. */
  errors: string[];
}

let registered = false;
const validators = new Map<string, XsdValidator>();

function validatorFor(file: string): XsdValidator {
  const known = validators.get(file);
  if (known) return known;
  // The schema's xsd:include / xsd:import name files beside it: libxml2 reads them through node:fs.
  if (!registered) registered = xmlRegisterFsInputProviders();
  const schemaDoc = XmlDocument.fromString(readFileSync(file, "utf8"), { url: pathToFileURL(file).href });
  try {
    const validator = XsdValidator.fromDoc(schemaDoc);
    validators.set(file, validator);
    return validator;
  } finally {
    schemaDoc.dispose();
  }
}

/** Whether the XML text is valid against the schema file (the main .xsd of a folder). */
export function validateXml(xml: string, schemaFile: string): SchemaCheck {
  const validator = validatorFor(schemaFile);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return { valid: false, errors: [`not well-formed XML: ${(error as Error).message}`] };
  }
  try {
    validator.validate(doc);
    return { valid: true, errors: [] };
  } catch (error) {
    if (error instanceof XmlValidateError)
      return { valid: false, errors: error.details.map((d) => `line ${d.line}: ${d.message.trim()}`) };
    throw error;
  } finally {
    doc.dispose();
  }
}

export const schemaFileIn = (dir: string, name: string) => join(dir, name);
