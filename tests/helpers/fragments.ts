import { graphql } from '../gql';

/**
 * The selections the API and security suites share, written once as fragments of the members' schema
 * (server/graphql/base.graphql and each module's SDL). Codegen (codegen.ts, target `tests/gql/`) adds a fragment to
 * every document of tests/{api,security,durability,cluster,helpers} that spreads it, so a document names it
 * (`...ErrorFields`) without importing this module; tests/helpers/client.ts imports it once, which keeps it in the
 * suites' module graph.
 */

/**
 * The error half of a mutation's result (decision 0012: `XResult { ok, error }`, `error` implements `interface
 * Error`): the stable code, the German message and the refused fields in the form's order. The web's own is
 * `MutationError` of web/src/lib/graphql/mutation-error.ts.
 */
graphql(`
  fragment ErrorFields on Error {
    code
    message
    fieldErrors {
      field
      code
      message
    }
  }
`);

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

/** A Pensionskasse statement's figures (spec 001 section 2, account information), money in cents. */
graphql(`
  fragment PensionStatementFigures on PensionStatement {
    stichtag
    reserve
    fluctuationReserve
    totalCapital
    employerContributions
    employeeContributions
    employerTransfers
    employeeTransfers
    premium108a
    investmentResult
    costs
    pensionPayments
    shortfall
    projectedYearlyPension
  }
`);

/** A Vorsorgekasse statement's figures (spec 001 section 2, account information), money in cents. */
graphql(`
  fragment SeveranceStatementFigures on SeveranceStatement {
    stichtag
    totalEntitlement
    guaranteedCapital
    paidOutTotal
    contributions
    transfersIn
    administrationCosts
    svCarrierCosts
    investmentResult
    payout
    loyaltyBonus
    surplusShare
  }
`);

/** Why a balance changed from one statement to the next (decision 0049): both ends and the steps between. */
graphql(`
  fragment BalanceChangeFields on BalanceChange {
    openingDate
    opening
    closingDate
    closing
    firstStatement
    steps {
      kind
      amount
    }
  }
`);

/** A document of the archive with everything its row shows (spec 001 section 3), its download link included. */
graphql(`
  fragment DocumentFields on Document {
    id
    category
    fund
    title
    documentDate
    fileName
    contentType
    unread
    readAt
    downloadUrl
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

/** The member's postal address as the settings show and change it (spec 001 section 2 "Profile"). */
graphql(`
  fragment AddressFields on Address {
    street
    postcode
    city
    country
    poBox
    validFrom
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
