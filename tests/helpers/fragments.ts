import { graphql } from '../gql';

/**
 * The selections the API and security suites share, written once as fragments of the members' schema
 * (server/graphql/base.graphql and each module's SDL). Codegen (codegen.ts, target `tests/gql/`) adds a fragment to
 * every document of tests/{api,security,durability,cluster,helpers} that spreads it, so a document names it
 * (`...ErrorCodeFields`) without importing this module; tests/helpers/client.ts imports it once, which keeps it in the
 * suites' module graph.
 */

/**
 * The error half as the suites that compare field errors by field and code read it (registration-helpers.ts
 * `statusOf`, the access matrix): the code, the German message, and each refused field with its code.
 */
graphql(`
  fragment ErrorCodeFields on Error {
    code
    message
    fieldErrors {
      field
      code
    }
  }
`);

/**
 * The error half without its German texts, for the suites that compare it to the letter: the code and each refused
 * field with its code.
 */
graphql(`
  fragment FieldErrorCodes on Error {
    code
    fieldErrors {
      field
      code
    }
  }
`);

/**
 * Where the login flow stands after `login` or one of its steps (`LoginResult`, decision 0029): the status and
 * whether it opened the session, or the refusal's code.
 */
graphql(`
  fragment LoginStatusFields on LoginResult {
    ok {
      status
      loggedIn
    }
    error {
      code
    }
  }
`);

/**
 * A document of the archive as its row shows it (`DocumentTable_DocumentFragment`, decision 0067), its download link
 * included, and its category and fund, which the screen reads from the section it lists the document in.
 */
graphql(`
  fragment DocumentFields on Document {
    ...DocumentTable_DocumentFragment
    category
    fund
  }
`);

/** A passkey of the member as the settings list it (decision 0047): name, credential, transports and use. */
graphql(`
  fragment PasskeyFields on Passkey {
    id
    name
    credentialId
    transports
    createdAt
    lastUsedAt
  }
`);

/** The member's bank details as the settings show and change them (spec 001 section 2 "Profile"). */
graphql(`
  fragment BankAccountFields on BankAccount {
    accountHolder
    bankName
    iban
    ibanMasked
    bic
    validFrom
  }
`);

/**
 * A refusal of a limited mutation (the upload form, the public merge, sendMessage, startPasskeyLogin; decision 0041): the shared error half (`...MutationError`, as the web shows it)
 * and the seconds to wait (`retryAfterSeconds` of `interface RateLimitedError`, server/graphql/base.graphql).
 */
graphql(`
  fragment RateLimitedError on RateLimitedError {
    ...MutationError
    retryAfterSeconds
  }
`);
