// A field's problem in the site's language: one list of known problems for every surface that words them.
export { fieldProblem } from '../../../domain/language/field-problem.ts';
