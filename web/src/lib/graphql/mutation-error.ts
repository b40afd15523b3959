import { graphql } from '../../gql';

/**
 * The error half of every mutation's result (decision 0012: `XResult { ok: XOk, error: XError }`, where `XError`
 * implements `interface Error` of server/graphql/base.graphql): the stable code (the spec's status name where the spec names
 * one), the German message from the catalogue, and the refused fields in the form's order. Mutation documents spread
 * it inside `error { ...MutationError }`; codegen adds the fragment to each document that uses it.
 */
export const MutationErrorFragment = graphql(`
  fragment MutationError on Error {
    code
    message
    fieldErrors {
      field
      code
      message
    }
  }
`);
