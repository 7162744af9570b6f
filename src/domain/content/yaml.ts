// The one YAML reader of the content files: js-yaml with the YAML 1.2 core schema (dates stay
// strings, as the content schemas expect). It parses front matter about ten times faster than the
// `yaml` package, which spent most of the start-up with 10 000 case studies (bench/).
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';

/**
 * Parses one YAML document; a syntax error's message is one line with its position in the file
 * (`firstLine` is the file line the YAML starts on: 2 for front matter after its "---").
 */
export function parseYaml(text: string, firstLine = 1): unknown {
  try {
    return load(text, { schema: CORE_SCHEMA });
  } catch (error) {
    if (error instanceof YAMLException) {
      throw new Error(`${error.reason} at line ${error.mark.line + firstLine}, column ${error.mark.column + 1}`, {
        cause: error,
      });
    }
    throw error;
  }
}
